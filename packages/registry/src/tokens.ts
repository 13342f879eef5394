import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** sha256 hex of a token; the only form a claim/edit token is ever stored in. */
export function sha256Hex(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A fresh 64-hex claim token and its stored hash. */
export function newClaimToken(): { token: string; sha256: string } {
  const token = randomBytes(32).toString("hex");
  return { token, sha256: sha256Hex(token) };
}

/** Constant-time comparison of a presented token against a stored hash. */
export function tokenMatches(presented: string, storedSha256: string): boolean {
  const a = Buffer.from(sha256Hex(presented), "hex");
  const b = Buffer.from(storedSha256, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export function newListingId(): string {
  return `lst_${randomBytes(10).toString("hex")}`;
}
