import {
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  WaitForTransactionReceiptTimeoutError,
} from "viem";
import { describe, expect, it, vi } from "vitest";
import { waitForReceipt } from "../src/facilitator/receipt.js";
import { recentReads } from "../src/facilitator/recent.js";

const hash = `0x${"ab".repeat(32)}` as const;
const receipt = { transactionHash: hash, status: "success" } as unknown as TransactionReceipt;

/** A client whose receipt appears after `misses` looks (or never), or whose look fails with `error`. */
function client(misses: number, error?: Error) {
  let looks = 0;
  return {
    looks: () => looks,
    getTransactionReceipt: async () => {
      looks++;
      if (error) throw error;
      if (looks <= misses) throw new TransactionReceiptNotFoundError({ hash });
      return receipt;
    },
  };
}

describe("waitForReceipt: asked for directly, a short backoff", () => {
  it("answers at the first look when the transaction is mined", async () => {
    const c = client(0);
    expect(await waitForReceipt(c as never, { hash })).toBe(receipt);
    expect(c.looks()).toBe(1);
  });

  it("finds a receipt mined a few milliseconds later within milliseconds, not a polling interval", async () => {
    const c = client(3);
    // The waits it schedules between looks (not a measured time: that belongs to the benchmarks).
    const timer = vi.spyOn(globalThis, "setTimeout");
    try {
      expect(await waitForReceipt(c as never, { hash }, { maxIntervalMs: 1000 })).toBe(receipt);
      expect(timer.mock.calls.map(([, ms]) => ms)).toEqual([2, 4, 8]); // not a 1000 ms polling interval
    } finally {
      timer.mockRestore();
    }
    expect(c.looks()).toBe(4);
  });

  it("times out as viem's wait does", async () => {
    const c = client(Number.POSITIVE_INFINITY);
    await expect(waitForReceipt(c as never, { hash, timeout: 60 })).rejects.toBeInstanceOf(
      WaitForTransactionReceiptTimeoutError,
    );
  });

  it("ends at once on any other error (the transport has retried it)", async () => {
    const c = client(0, new Error("connection refused"));
    await expect(waitForReceipt(c as never, { hash })).rejects.toThrow("connection refused");
    expect(c.looks()).toBe(1);
  });
});

describe("recentReads: one read per key for a moment", () => {
  it("shares a read between callers within its time, reads again after it", async () => {
    let reads = 0;
    const read = recentReads(async (k: string) => `${k}:${++reads}`, 30);
    expect(await Promise.all([read("a"), read("a")])).toEqual(["a:1", "a:1"]);
    expect(await read("a")).toBe("a:1");
    expect(await read("b")).toBe("b:2");
    await new Promise((r) => setTimeout(r, 40));
    expect(await read("a")).toBe("a:3");
  });

  it("does not keep a failed read", async () => {
    let reads = 0;
    const read = recentReads(async () => {
      reads++;
      if (reads === 1) throw new Error("rpc down");
      return "0x";
    }, 10_000);
    await expect(read("a")).rejects.toThrow("rpc down");
    await new Promise((r) => setTimeout(r, 0));
    expect(await read("a")).toBe("0x");
    expect(reads).toBe(2);
  });
});
