import type { Db } from "@tollgate/db";
import { notePaymentSigned } from "@tollgate/registry";
import { USDC_BASE } from "@tollgate/x402";
import { Credential } from "mppx";
import { evm, Mppx } from "mppx/client";
import type { LocalAccount } from "viem";
import { type Refusal, type Signed, signedOutOfBounds } from "./wire.js";

interface EvmChargeRequest {
  amount: string;
  currency: string;
  recipient: string;
  methodDetails?: { chainId?: number };
}

/**
 * Pays an MPP `evm` charge challenge with the published mppx client, under the same rules as an x402 quote:
 * never above the listed price, only to the payTo the prober last saw, only USDC on Base. The credential's
 * EIP-3009 nonce is stored before the paid request leaves. `send` is the SSRF-safe fetch.
 */
export async function payMpp(a: {
  db: Db;
  purchaseId: string;
  account: LocalAccount;
  send: typeof fetch;
  url: string;
  challenge: Response;
  /** The purchase's verb (and body): the one the prober's challenge came from. */
  request: { method: string; body?: string; headers?: Record<string, string> };
  listedAtomic: bigint;
  seenPayTo: string | null;
  signal: AbortSignal;
}): Promise<{ refused: Refusal | null; signed: Signed | null; res: Response | null }> {
  const mppx = Mppx.create({
    methods: [
      evm.charge({
        account: a.account,
        networks: [8453],
        currencies: [USDC_BASE],
        // The challenge names the token, not its EIP-712 domain: Base USDC's.
        authorization: { name: "USD Coin", version: "2" },
        maxAtomicAmount: a.listedAtomic.toString(),
      }),
    ],
    fetch: a.send,
    polyfill: false,
  });
  const payment = await mppx.preparePayment(a.challenge);
  const req = payment.challenge.request as unknown as EvmChargeRequest;
  const quote = String(req.amount ?? "0");
  // mppx also reads the x402 compatibility header as a challenge; only a native MPP `evm` charge is paid here.
  if (payment.challenge.method !== "evm" || payment.challenge.intent !== "charge" || !req.methodDetails)
    return {
      refused: { outcome: "unparseable_402_quote", reason: "no MPP evm charge challenge", quote },
      signed: null,
      res: null,
    };
  if (BigInt(quote) > a.listedAtomic)
    return {
      refused: {
        outcome: "price_drift",
        reason: `the live quote (${quote} atomic) is above the listed price`,
        quote,
      },
      signed: null,
      res: null,
    };
  if (req.recipient.toLowerCase() !== (a.seenPayTo ?? "").toLowerCase())
    return {
      refused: {
        outcome: "payto_unconfirmed",
        reason: "the live payTo differs from the one the prober last saw",
        quote,
      },
      signed: null,
      res: null,
    };
  if (req.currency.toLowerCase() !== USDC_BASE.toLowerCase() || req.methodDetails.chainId !== 8453)
    return {
      refused: { outcome: "unparseable_402_quote", reason: "the quote is not in USDC on Base", quote },
      signed: null,
      res: null,
    };
  const credential = await payment.createCredential();
  const auth = Credential.deserialize<Record<string, string>>(credential).payload;
  if (!auth.nonce || !auth.from || !auth.to || !auth.value)
    throw new Error("the MPP credential carries no EIP-3009 authorization");
  // What was signed, not what the challenge said: refused here, the credential never leaves this process.
  const wrong = signedOutOfBounds(auth, a.listedAtomic, a.seenPayTo);
  if (wrong) return { refused: wrong, signed: null, res: null };
  const signed: Signed = {
    nonce: auth.nonce,
    payer: auth.from,
    payTo: auth.to,
    amountAtomic: auth.value,
    validBefore: auth.validBefore ? new Date(Number(auth.validBefore) * 1000) : null,
  };
  await notePaymentSigned(a.db, a.purchaseId, {
    nonce: signed.nonce,
    payer: signed.payer,
    payTo: signed.payTo,
    quoteAtomic: signed.amountAtomic,
    validBefore: signed.validBefore,
  });
  try {
    const init = payment.setCredential({ ...a.request, signal: a.signal }, credential);
    return { refused: null, signed, res: await a.send(a.url, init) };
  } catch {
    // Sent or not, the chain decides whether money moved: the caller reads the nonce back.
    return { refused: null, signed, res: null };
  }
}
