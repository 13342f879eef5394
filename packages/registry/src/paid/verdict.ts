import {
  ATTESTATION_VALID_S,
  decideVerdict,
  PAYTO_MIN_AGE_DAYS,
  unixSeconds,
  VERDICT_RULE_VERSION,
} from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { type SigningKey, signAttestation } from "@tollgate/x402";
import type { ListingRecord } from "../columns.js";
import { onchainOf } from "../onchain/figures.js";

const DAY = 86_400_000;

/** A signed attestation, as stored once published (plain JSON: it waits with its payment until then). */
export interface AttestationToPublish {
  id: string;
  listing_id: string;
  kid: string;
  jws: string;
  payload: unknown;
  issued_at: number;
  valid_until: number;
}

/** Publish an attestation (idempotent by id): only once the verdict that cites it was paid for. */
export async function publishAttestation(db: Db, a: AttestationToPublish): Promise<void> {
  await db
    .insertInto("attestations")
    .values({
      id: a.id,
      listing_id: a.listing_id,
      kid: a.kid,
      jws: a.jws,
      payload: JSON.stringify(a.payload),
      issued_at: new Date(a.issued_at * 1000),
      valid_until: new Date(a.valid_until * 1000),
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

/** Build, sign and publish at once (unpaid computation: benchmarks and tests). */
export async function issueVerdict(
  db: Db,
  l: ListingRecord,
  ctx: { key: SigningKey; keyUrl: string; attestationUrl: (id: string) => string; now?: Date },
) {
  const { body, attestation } = await prepareVerdict(db, l, ctx);
  await publishAttestation(db, attestation);
  return body;
}

/**
 * Build a listing's verdict from what the registry observed and sign the attestation it cites. Nothing is
 * published: the attestation is returned for `publishAttestation` once the verdict is paid for.
 */
export async function prepareVerdict(
  db: Db,
  l: ListingRecord,
  ctx: { key: SigningKey; keyUrl: string; attestationUrl: (id: string) => string; now?: Date },
) {
  const now = ctx.now ?? new Date();
  const latest = await db
    .selectFrom("purchases")
    .select(["delivered", "at", "tx_hash", "amount_usdc"])
    .where("listing_id", "=", l.id)
    .where("dry_run", "=", false)
    .where("state", "=", "recorded")
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  const paytoSince = l.pay_to_changed_at ?? l.obs_first_seen_at;
  const paytoAgeDays = paytoSince ? Math.floor((now.getTime() - paytoSince.getTime()) / DAY) : null;
  const oc = onchainOf(l);
  const priceMatches = l.amount_usd === null ? null : Math.abs(l.amount_usd - l.price_amount) < 1e-9;
  const { verdict, reasons } = decideVerdict({
    status: l.status as "verified" | "unverified" | "failing",
    score: l.score,
    probeCount: l.probe_count,
    consecutiveFailures: l.consecutive_failures,
    verifiedVia: l.verified_via,
    paytoSentinel: l.payto_sentinel,
    paytoUnstable: l.payto_unstable,
    paytoAgeDays,
    priceMatchesListing: priceMatches,
    selfReferential: l.self_referential,
    paidDelivery: latest ? { delivered: latest.delivered, at: unixSeconds(latest.at) ?? 0 } : null,
    onchainKnown: oc !== null,
    onchain30d: oc
      ? { txCount: oc.tx_count_30d, uniquePayers: oc.unique_payers_30d, volumeUsd: oc.volume_usd_30d }
      : null,
  });
  const asOf = unixSeconds(now) ?? 0;
  const verification = {
    type: "tollgate.verdict/v1",
    verdict,
    rule: VERDICT_RULE_VERSION,
    status: l.status,
    score: l.score,
    probe_count: l.probe_count,
    last_probed_at: unixSeconds(l.last_probed_at),
    pay_to: l.obs_pay_to,
  };
  const signed = await signAttestation(ctx.key, {
    listing_id: l.id,
    endpoint_url: l.endpoint_url,
    issued_at: asOf,
    verification,
    subject: l.endpoint_canonical,
    valid_until: asOf + ATTESTATION_VALID_S,
  });
  const attestation: AttestationToPublish = {
    id: signed.id,
    listing_id: l.id,
    kid: signed.kid,
    jws: signed.jws,
    payload: signed.payload,
    issued_at: asOf,
    valid_until: asOf + ATTESTATION_VALID_S,
  };
  const body = {
    listing_id: l.id,
    endpoint_url: l.endpoint_url,
    verdict,
    reasons,
    self_referential: l.self_referential,
    as_of: asOf,
    as_of_iso: now.toISOString(),
    status: l.status,
    verified_via: l.verified_via,
    probe: {
      score: l.score,
      probe_count: l.probe_count,
      probes_passed: l.probes_passed,
      probes_failed: l.probes_failed,
      consecutive_failures: l.consecutive_failures,
      last_probed_at: unixSeconds(l.last_probed_at),
      last_ok_at: unixSeconds(l.last_ok_at),
      p50_latency_ms: l.p50_latency_ms,
      p95_latency_ms: l.p95_latency_ms,
    },
    payto: {
      address: l.obs_pay_to,
      age_days: paytoAgeDays,
      min_age_days: PAYTO_MIN_AGE_DAYS,
      distinct_recent: l.payto_distinct_recent,
      unstable: l.payto_unstable,
      sentinel: l.payto_sentinel,
    },
    onchain_30d: oc
      ? {
          known: true,
          source: "index",
          pay_to: oc.pay_to,
          scope: oc.scope,
          shared_by_listings: oc.shared_by_listings,
          tx_count: oc.tx_count_30d,
          unique_payers: oc.unique_payers_30d,
          volume_usd: oc.volume_usd_30d,
          checked_at: unixSeconds(oc.checked_at),
          note: "USDC payments to this payTo on Base in the last 30 days, from the registry's own index; figures belong to the address, not to one listing",
        }
      : {
          known: false,
          note: "the registry's USDC index has not caught up on this payTo yet; no on-chain figures exist for it",
        },
    paid_verification: latest
      ? {
          attempted: true,
          delivered: latest.delivered,
          at: unixSeconds(latest.at),
          tx_hash: latest.tx_hash,
          amount_usdc: latest.amount_usdc,
        }
      : { attempted: false, note: "the registry has not bought from this endpoint yet" },
    price: {
      listed_usd: l.price_amount,
      quoted_atomic: l.amount_atomic,
      quoted_usd: l.amount_usd,
      matches_listing: priceMatches,
      changed_at: unixSeconds(l.price_changed_at),
    },
    rule: `${VERDICT_RULE_VERSION}: avoid on a burn-address payTo, a failing endpoint or a failed latest purchase; caution when unverified, score under 0.9, payTo unstable or under 7 days old, price mismatch, challenge only on POST, or self-referential; otherwise pay (rules published in /methodology.json)`,
    verification: {
      attestation_id: signed.id,
      attestation_url: ctx.attestationUrl(signed.id),
      jws: signed.jws,
      alg: "EdDSA",
      kid: signed.kid,
      key_url: ctx.keyUrl,
      valid_until: asOf + ATTESTATION_VALID_S,
    },
    verification_schema: {
      payload:
        "JCS (RFC 8785) canonical JSON of {listing_id, endpoint_url, issued_at, verification, subject, valid_until}",
      signature: "compact JWS, alg EdDSA (Ed25519); verify with the key in key_url whose kid matches",
    },
    verification_note:
      "Fetch the attestation at attestation_url or verify the jws offline against /.well-known/jwks.json.",
  };
  return { body, attestation };
}

/** An attestation by id with its expiry flag; null when unknown. */
export async function getAttestation(db: Db, id: string, keyUrl: string, now = new Date()) {
  const row = await db.selectFrom("attestations").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    listing_id: row.listing_id,
    alg: "EdDSA",
    kid: row.kid,
    key_url: keyUrl,
    jws: row.jws,
    payload: row.payload,
    issued_at: unixSeconds(row.issued_at),
    valid_until: unixSeconds(row.valid_until),
    expired: row.valid_until.getTime() <= now.getTime(),
  };
}
