import { encodeFunctionData, parseAbi } from "viem";
import { describe, expect, it } from "vitest";
import {
  AUTHORIZATION_USED_TOPIC,
  callKind,
  isPayment,
  paymentKind,
  TRANSFER_TOPIC,
} from "../src/indexer.js";

// A payment's shape from its transaction's call data, including the Multicall3 batches a facilitator may send.

const USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const MULTICALL3 = "0xcA11bde05977b3631167028862bE2a173976CA11";
const OTHER = "0x1111111111111111111111111111111111111111";
const abi = parseAbi([
  "struct Call3 { address target; bool allowFailure; bytes callData; }",
  "function aggregate3(Call3[] calls) payable returns (bytes[])",
  "function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) returns (bytes[])",
]);
const twa = "0xe3ee160e00";
const twaBytes = "0xcf09299500";
const plain = "0xa9059cbb00";
const batch = (...calls: [string, string][]) =>
  encodeFunctionData({
    abi,
    functionName: "aggregate3",
    args: [calls.map(([target, callData]) => ({ target, allowFailure: true, callData }) as never)],
  });

describe("callKind", () => {
  it.each([
    ["transferWithAuthorization on USDC", { to: USDC, input: twa }, "eip3009"],
    ["its bytes-signature form", { to: USDC, input: twaBytes }, "eip3009"],
    [
      "with a builder-code suffix after the call data",
      { to: USDC, input: `${twa}${"00".repeat(31)}8021` },
      "eip3009",
    ],
    ["transfer on USDC", { to: USDC, input: plain }, "plain"],
    ["transferFrom on USDC", { to: USDC, input: "0x23b872dd00" }, "plain"],
    ["receiveWithAuthorization on USDC (the payee pulls)", { to: USDC, input: "0xef55bec600" }, "eip3009"],
    ["its bytes-signature form", { to: USDC, input: "0x88b7ab6300" }, "eip3009"],
    ["another call on USDC", { to: USDC, input: "0x095ea7b300" }, "other"],
    ["a contract creation", { to: null, input: "0x6080" }, "other"],
    [
      "aggregate3 of EIP-3009 transfers on USDC",
      { to: MULTICALL3, input: batch([USDC, twa], [USDC, twaBytes]) },
      "eip3009",
    ],
    [
      "aggregate3 with a plain transfer inside",
      { to: MULTICALL3, input: batch([USDC, twa], [USDC, plain]) },
      "other",
    ],
    [
      "aggregate3 calling another token",
      { to: MULTICALL3, input: batch([USDC, twa], [OTHER, twa]) },
      "other",
    ],
    ["an empty aggregate3", { to: MULTICALL3, input: batch() }, "other"],
    [
      "tryAggregate",
      {
        to: MULTICALL3,
        input: encodeFunctionData({
          abi,
          functionName: "tryAggregate",
          args: [false, [{ target: USDC, callData: twa }]],
        }),
      },
      "other",
    ],
    ["aggregate3 call data sent to another address", { to: OTHER, input: batch([USDC, twa]) }, "other"],
    ["call data that does not decode", { to: MULTICALL3, input: "0x82ad56cb00" }, "other"],
  ])("%s: %s", (_what, tx, kind) => {
    expect(callKind(tx, USDC)).toBe(kind);
  });
});

// One payment's kind from the receipt: USDC's AuthorizationUsed of the payer right before its Transfer.
describe("paymentKind", () => {
  const topic = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;
  const PAYER = "0x2222222222222222222222222222222222222222";
  const SELLER = "0x3333333333333333333333333333333333333333";
  const used = (i: number, o: { address?: string; authorizer?: string } = {}) => ({
    address: o.address ?? USDC,
    topics: [AUTHORIZATION_USED_TOPIC, topic(o.authorizer ?? PAYER), `0x${"ab".repeat(32)}`],
    logIndex: `0x${i.toString(16)}`,
  });
  const transfer = (i: number) => ({
    address: USDC.toLowerCase(),
    topics: [TRANSFER_TOPIC, topic(PAYER), topic(SELLER)],
    logIndex: `0x${i.toString(16)}`,
  });
  const relayed = { to: OTHER, input: "0x12345678" };
  it.each([
    ["relayed by a contract, USDC recorded the authorization", [used(4), transfer(5)], 5, "eip3009"],
    ["the authorization of another wallet", [used(4, { authorizer: OTHER }), transfer(5)], 5, "other"],
    ["a look-alike token's AuthorizationUsed", [used(4, { address: OTHER }), transfer(5)], 5, "other"],
    ["not right before the transfer", [used(3), transfer(5)], 5, "other"],
    ["no authorization at all", [transfer(0)], 0, "other"],
    ["a log index the receipt does not hold", [used(4), transfer(5)], 9, "other"],
  ] as const)("%s", (_what, logs, index, kind) => {
    expect(paymentKind(relayed, logs, index, USDC)).toBe(kind);
  });
  it("without an authorization the call data decides", () => {
    expect(paymentKind({ to: USDC, input: plain }, [transfer(0)], 0, USDC)).toBe("plain");
    expect(paymentKind({ to: USDC, input: twa }, [transfer(0)], 0, USDC)).toBe("eip3009");
  });
});

// Which Transfer logs are payments (what the index stores).
describe("isPayment", () => {
  const topic = (a: string) => `0x${a.slice(2).toLowerCase().padStart(64, "0")}`;
  const A = "0x2222222222222222222222222222222222222222";
  const B = "0x3333333333333333333333333333333333333333";
  const ZERO = `0x${"0".repeat(40)}`;
  const log = (
    o: { address?: string; from?: string; to?: string; value?: bigint; topics?: string[] } = {},
  ) => ({
    address: o.address ?? USDC,
    topics: o.topics ?? [TRANSFER_TOPIC, topic(o.from ?? A), topic(o.to ?? B)],
    data: `0x${(o.value ?? 1n).toString(16).padStart(64, "0")}`,
  });
  it.each([
    ["a USDC transfer of 1 atomic unit", log(), true],
    ["a uint256 near max", log({ value: 2n ** 256n - 1n }), true],
    ["0", log({ value: 0n }), false],
    ["a payTo paying itself", log({ from: B }), false],
    ["a mint", log({ from: ZERO }), false],
    ["a burn", log({ to: ZERO }), false],
    ["another token", log({ address: OTHER }), false],
    [
      "an ERC-721 Transfer (4 topics)",
      log({ topics: [TRANSFER_TOPIC, topic(A), topic(B), topic(A)] }),
      false,
    ],
    ["another event", log({ topics: [AUTHORIZATION_USED_TOPIC, topic(A), topic(B)] }), false],
  ] as const)("%s: %s", (_what, l, ok) => {
    expect(isPayment(l, USDC.toLowerCase())).toBe(ok);
  });
});
