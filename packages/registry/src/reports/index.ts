import type { Db } from "@tollgate/db";
import { ApiError, hasUnstorableText, isListingId, UNSTORABLE_TEXT_RULE } from "@tollgate/schema";
import { recoverSigner, type TransactionProofReader } from "@tollgate/x402";
import { sql } from "kysely";
import { notFound } from "../errors.js";

/** Spec, Limits: a listing's ranking moves only after this many distinct payers reported… */
export const REPORT_MIN_PAYERS = 3;
/** …and then the reports carry this weight beside the probe score's 75%. */
export const REPORT_WEIGHT = 0.25;
export const REPORT_DETAIL_MAX = 500;

/** The four lines a payer signs (EIP-191 personal_sign): the spec's message_to_sign. */
export function reportMessage(serviceName: string, listingId: string, txHash: string, ok: boolean): string {
  return `${serviceName} report v1\nlisting_id: ${listingId}\ntx_hash: ${txHash.toLowerCase()}\nok: ${ok}`;
}

/**
 * The relevance-free ranking key: `listings.ranking_score`, a generated column (migration 0011) holding the probe
 * score, blended with the share of distinct payers whose latest report said it delivered once at least
 * REPORT_MIN_PAYERS reported (75% score, 25% reports). Indexed with the status for the registry's order.
 */
export const rankingScore = sql<number | null>`ranking_score`;

export interface ReportDeps {
  serviceName: string;
  /** The chain itself (transaction receipts); null when no RPC is configured. */
  proof: TransactionProofReader | null;
  /** The USDC contract (lowercase or checksummed). */
  usdc: string;
}

export interface ReportRecorded {
  report_id: string;
  listing_id: string;
  tx_hash: string;
  payer: string;
  pay_to: string;
  amount_usdc: number;
  ok: boolean;
  recorded_at: number;
  recorded_at_iso: string;
  distinct_payers: number;
  distinct_payers_ok: number;
  affects_ranking: boolean;
  note: string;
}

const FIELDS = new Set(["listing_id", "ok", "tx_hash", "payer_signature", "detail"]);

const invalid = (message: string, messageToSign: string | null) =>
  new ApiError("validation_failed", message, messageToSign ? { message_to_sign: messageToSign } : {});

/**
 * Record a payer's outcome report: the body checked field by field (the exact message_to_sign echoed once
 * listing_id, tx_hash and ok are known), the signer recovered from the EIP-191 signature, and the
 * transaction's receipt read from the chain: it must have succeeded and hold a USDC transfer from the
 * signer to the listing's live payTo. Each transaction is recorded once (unique, also under races).
 */
export async function submitReport(db: Db, deps: ReportDeps, raw: unknown): Promise<ReportRecorded> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw))
    throw invalid(
      "the body must be a JSON object: {listing_id, ok, tx_hash, payer_signature, detail?}",
      null,
    );
  const body = raw as Record<string, unknown>;
  const problems: string[] = [];
  const unknown = Object.keys(body).filter((k) => !FIELDS.has(k));
  if (unknown.length)
    problems.push(
      `unknown field(s) ${unknown
        .slice(0, 5)
        .map((k) => JSON.stringify(k.slice(0, 40)))
        .join(", ")}`,
    );
  const listingId =
    typeof body.listing_id === "string" && isListingId(body.listing_id) ? body.listing_id : null;
  if (!listingId) problems.push("listing_id: required, a listing id (lst_…)");
  const ok = typeof body.ok === "boolean" ? body.ok : null;
  if (ok === null) problems.push("ok: required, true or false (did it deliver what it promised)");
  const txHash =
    typeof body.tx_hash === "string" && /^0x[0-9a-fA-F]{64}$/.test(body.tx_hash)
      ? body.tx_hash.toLowerCase()
      : null;
  if (!txHash) problems.push("tx_hash: required, your payment's transaction hash on Base (0x + 64 hex)");
  let detail: string | null = null;
  if (body.detail !== undefined && body.detail !== null) {
    if (typeof body.detail !== "string") problems.push("detail: a string");
    else if ([...body.detail].length > REPORT_DETAIL_MAX)
      problems.push(`detail: at most ${REPORT_DETAIL_MAX} characters`);
    // Postgres would store an unpaired surrogate as U+FFFD (text the payer never sent) and refuse NUL only
    // after the chain was read: refused here with the other field problems.
    else if (hasUnstorableText(body.detail)) problems.push(`detail: ${UNSTORABLE_TEXT_RULE}`);
    else detail = body.detail;
  }
  const message =
    listingId && txHash && ok !== null ? reportMessage(deps.serviceName, listingId, txHash, ok) : null;
  const signature = typeof body.payer_signature === "string" ? body.payer_signature : null;
  if (!signature)
    problems.push(
      "payer_signature: required, an EIP-191 personal_sign over message_to_sign by the paying wallet",
    );
  else if (!/^0x[0-9a-fA-F]{130}$/.test(signature))
    problems.push("payer_signature: 0x + 130 hex (a 65-byte EIP-191 signature over message_to_sign)");
  if (problems.length) throw invalid(problems.join("; "), message);
  const m = message as string;

  const listing = await db
    .selectFrom("listings")
    .select(["id", "status", "obs_pay_to", "obs_asset", "amount_atomic"])
    .where("id", "=", listingId as string)
    .executeTakeFirst();
  if (!listing || listing.status === "delisted") throw notFound(listingId as string);
  const payer = await recoverSigner(m, signature as string);
  if (!payer) throw invalid("payer_signature: not a valid signature over message_to_sign", m);
  const seen = await db
    .selectFrom("outcome_reports")
    .select("id")
    .where("tx_hash", "=", txHash as string)
    .executeTakeFirst();
  if (seen)
    throw invalid(
      "tx_hash: this transaction was already reported (each transaction is reportable once)",
      null,
    );
  const payTo = listing.obs_pay_to?.toLowerCase() ?? null;
  if (!payTo)
    throw invalid(
      "the listing has no live payTo yet (it has not answered a probe with a payment challenge)",
      null,
    );
  if (!deps.proof)
    throw new ApiError(
      "service_unavailable",
      "reports are checked against the chain and no chain RPC is configured here; nothing was recorded",
      {},
      { "retry-after": "3600" },
    );
  let proof: Awaited<ReturnType<TransactionProofReader["read"]>>;
  try {
    proof = await deps.proof.read(txHash as string);
  } catch {
    throw new ApiError(
      "service_unavailable",
      "the chain could not be read to check the transaction; nothing was recorded, retry shortly",
      {},
      { "retry-after": "10" },
    );
  }
  if (!proof.found)
    throw invalid("tx_hash: no such transaction on Base (if it was just sent, retry once it is mined)", m);
  if (!proof.success) throw invalid("tx_hash: the transaction reverted; it paid nothing", m);
  const usdc = deps.usdc.toLowerCase();
  const paid = proof.transfers
    .filter((t) => t.asset === usdc && t.from === payer && t.to === payTo && t.from !== t.to)
    .reduce((sum, t) => sum + t.value, 0n);
  const notPaid = (live: string) =>
    invalid(
      `the transaction holds no USDC transfer from the signing wallet ${payer} to the listing's live payTo ${live}: sign message_to_sign with the wallet that paid, for a payment to this listing`,
      m,
    );
  if (paid <= 0n) throw notPaid(payTo);
  // A purchase pays the price: a dust transfer (a millionth of a dollar, from as many wallets as one likes) is
  // no payer's outcome. Half the price per call the listing quotes in USDC now, so a payer of a price since
  // raised up to twofold still reports; no floor while the price is unknown.
  const price = usdcPrice(listing, usdc);
  if (price !== null && paid * 2n < price)
    throw invalid(
      `the transaction pays ${formatUsdc(paid)} USDC to the listing's payTo, under half its price per call (${formatUsdc(price)} USDC): an outcome report needs a purchase`,
      m,
    );

  return db.transaction().execute(async (trx) => {
    // The listing's row lock orders concurrent reports of one listing: each counts its payers after the
    // ones before it committed. Without it two reports counted at once each missed the other, and the
    // later write kept the smaller figures (distinct payers lost until the next report).
    // Under it the listing is read again: delisted, or its live payTo moved, while the chain was read.
    const locked = await trx
      .selectFrom("listings")
      .select(["status", "obs_pay_to"])
      .where("id", "=", listing.id)
      .forUpdate()
      .executeTakeFirst();
    if (!locked || locked.status === "delisted") throw notFound(listing.id);
    const live = locked.obs_pay_to?.toLowerCase() ?? null;
    if (live !== payTo) throw notPaid(live ?? "(none)");
    const row = await trx
      .insertInto("outcome_reports")
      .values({
        listing_id: listing.id,
        tx_hash: txHash as string,
        payer,
        pay_to: payTo,
        amount_atomic: paid.toString(),
        block_number: proof.blockNumber.toString(),
        ok: ok as boolean,
        detail,
      })
      .onConflict((oc) => oc.column("tx_hash").doNothing())
      .returning(["id", "created_at"])
      .executeTakeFirst();
    if (!row)
      throw invalid(
        "tx_hash: this transaction was already reported (each transaction is reportable once)",
        null,
      );
    const counts = await refreshReportFigures(trx as unknown as Db, listing.id);
    return {
      report_id: row.id,
      listing_id: listing.id,
      tx_hash: txHash as string,
      payer,
      pay_to: payTo,
      amount_usdc: Number(paid) / 1e6,
      ok: ok as boolean,
      recorded_at: Math.floor(row.created_at.getTime() / 1000),
      recorded_at_iso: row.created_at.toISOString(),
      distinct_payers: counts.payers,
      distinct_payers_ok: counts.ok,
      affects_ranking: counts.payers >= REPORT_MIN_PAYERS,
      note:
        counts.payers >= REPORT_MIN_PAYERS
          ? `${counts.payers} distinct payers reported: their latest reports carry ${REPORT_WEIGHT * 100}% of this listing's ranking beside the probe score`
          : `recorded; reports affect ranking once ${REPORT_MIN_PAYERS} distinct payers reported (${counts.payers} so far)`,
    };
  });
}

/** Distinct payers who reported on the listing, and how many of them said ok in their latest report. */
export async function refreshReportFigures(
  trx: Db,
  listingId: string,
): Promise<{ payers: number; ok: number }> {
  const r = await sql<{ payers: number; ok: number; last: Date | null }>`
    SELECT count(*)::int AS payers, count(*) FILTER (WHERE ok)::int AS ok, max(created_at) AS last FROM (
      SELECT DISTINCT ON (payer) payer, ok, created_at FROM outcome_reports
      WHERE listing_id = ${listingId} ORDER BY payer, created_at DESC, id DESC
    ) latest`.execute(trx);
  const c = r.rows[0] ?? { payers: 0, ok: 0, last: null };
  await trx
    .updateTable("listings")
    .set({ report_payers: c.payers, report_payers_ok: c.ok, report_last_at: c.last })
    .where("id", "=", listingId)
    .execute();
  return { payers: c.payers, ok: c.ok };
}

/** The listing's observed price per call in atomic USDC, or null when it is unknown or in another asset. */
function usdcPrice(
  listing: { obs_asset: string | null; amount_atomic: string | null },
  usdc: string,
): bigint | null {
  if (!listing.amount_atomic || !/^[0-9]{1,30}$/.test(listing.amount_atomic)) return null;
  if (listing.obs_asset?.toLowerCase() !== usdc) return null;
  return BigInt(listing.amount_atomic);
}

const formatUsdc = (atomic: bigint) => (Number(atomic) / 1e6).toFixed(6).replace(/\.?0+$/, "");
