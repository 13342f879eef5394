import { clip } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import { ListingCreateRequest } from "@tollgate/schema";
import { USDC_BASE } from "@tollgate/x402";
import { sql } from "kysely";
import { insertListing, newListingToStore } from "./create.js";
import { type SubmissionPolicy, validateSubmission } from "./submission.js";

/**
 * Listings from outside (origin `indexed`): a facilitator's discovery catalogue, as the x402 Bazaar
 * publishes it (`GET <catalogue>?limit&offset` → `{x402Version, items: DiscoveryResource[], pagination}`,
 * the item format of `@x402/extensions`), read page by page. Each HTTP resource paid in USDC on Base
 * becomes a claimable listing after the same rules as a submission (https, a public host, a known
 * category), deduplicated by canonical endpoint against every listing ever stored (an endpoint its owner
 * delisted is not brought back). Nothing an item says is believed beyond what a listing records; the
 * prober then checks it like any other.
 */

/** Reads one page of a catalogue as JSON (the SSRF-safe client, in the services). */
export type CatalogueFetch = (url: string) => Promise<unknown>;

export interface ImportReport {
  catalogue: string;
  pages: number;
  items: number;
  created: number;
  duplicates: number;
  rejected: Record<string, number>;
  /** Set when the catalogue could not be read to the end (what was read is imported). */
  error: string | null;
}

const USDC = USDC_BASE.toLowerCase();
const BASE_NETWORKS = new Set(["eip155:8453", "base"]);
const CATEGORY_WORDS: [string, RegExp][] = [
  ["data.weather", /\b(weather|forecast|temperature|climate|rain)\b/i],
  ["data.crypto", /\b(crypto|token|defi|on-?chain|wallet|blockchain|nft)\b/i],
  ["data.finance", /\b(stock|stocks|market|fx|forex|equity|finance|financial|price feed)\b/i],
  ["data.maps", /\b(geocod\w*|map|maps|routing|places|address)\b/i],
  ["data.news", /\b(news|headlines|media)\b/i],
  ["data.sports", /\b(sports?|scores?|fixtures?|odds)\b/i],
  ["compute.inference", /\b(llm|inference|completion|chat|embedding|gpt|model)\b/i],
  ["compute.image", /\b(image|vision|photo|picture)\b/i],
  ["compute.audio", /\b(audio|speech|transcri\w*|voice|tts)\b/i],
  ["web.search", /\b(search)\b/i],
  ["web.scrape", /\b(scrap\w*|crawl\w*|extract\w*)\b/i],
];

/** A category from what the item says about itself; `data.other` when nothing matches. */
export function inferCategory(text: string): string {
  return CATEGORY_WORDS.find(([, re]) => re.test(text))?.[0] ?? "data.other";
}

interface Offer {
  priceUsd: number;
}

/** The USDC-on-Base offer of an item (x402 v2 `amount` or v1 `maxAmountRequired`), if any. */
function usdcOffer(accepts: unknown): Offer | null {
  if (!Array.isArray(accepts)) return null;
  for (const a of accepts as Record<string, unknown>[]) {
    if (typeof a !== "object" || a === null) continue;
    const network = typeof a.network === "string" ? a.network : "";
    const asset = typeof a.asset === "string" ? a.asset.toLowerCase() : "";
    const raw = typeof a.amount === "string" ? a.amount : a.maxAmountRequired;
    if (!BASE_NETWORKS.has(network) || asset !== USDC || typeof raw !== "string" || !/^\d{1,18}$/.test(raw))
      continue;
    return { priceUsd: Number(raw) / 1e6 };
  }
  return null;
}

const text = (v: unknown, max: number) => (typeof v === "string" ? clip(v.trim(), max) : "");

/** The submission an item stands for, or why it cannot be one. */
export function itemToSubmission(
  item: unknown,
): { ok: true; input: ListingCreateRequest } | { ok: false; reason: string } {
  if (typeof item !== "object" || item === null) return { ok: false, reason: "not_an_object" };
  const it = item as Record<string, unknown>;
  if (it.type !== undefined && it.type !== "http") return { ok: false, reason: "not_http" };
  const resource = text(it.resource, 2048);
  if (!resource) return { ok: false, reason: "no_resource" };
  const offer = usdcOffer(it.accepts);
  if (!offer) return { ok: false, reason: "no_usdc_on_base_offer" };
  let host = "";
  try {
    host = new URL(resource).host;
  } catch {
    return { ok: false, reason: "invalid_url" };
  }
  const description = text(it.description, 4000) || `Paid x402 resource at ${resource}`;
  // A catalogue's name may wrap lines or hold tabs: one line here, as a submitted name must be.
  const oneLine = (s: string) => s.replace(/[\t\n\v\f\r\u0085\u2028\u2029]+/g, " ").trim();
  const name = oneLine(text(it.serviceName, 200)) || oneLine(text(it.description, 80)) || host;
  const tags = Array.isArray(it.tags) ? it.tags.filter((t) => typeof t === "string").join(" ") : "";
  const parsed = ListingCreateRequest.safeParse({
    name,
    description,
    endpoint_url: resource,
    category: inferCategory(`${name} ${description} ${tags} ${resource}`),
    price_amount: offer.priceUsd,
  });
  return parsed.success ? { ok: true, input: parsed.data } : { ok: false, reason: "invalid_fields" };
}

/** Import one catalogue, page by page, up to `maxItems` items. */
export async function importCatalogue(
  db: Db,
  opts: {
    url: string;
    fetchJson: CatalogueFetch;
    policy: SubmissionPolicy;
    pageSize?: number;
    maxItems?: number;
  },
): Promise<ImportReport> {
  const pageSize = opts.pageSize ?? 100;
  const maxItems = opts.maxItems ?? 10_000;
  const report: ImportReport = {
    catalogue: opts.url,
    pages: 0,
    items: 0,
    created: 0,
    duplicates: 0,
    rejected: {},
    error: null,
  };
  const reject = (why: string) => {
    report.rejected[why] = (report.rejected[why] ?? 0) + 1;
  };
  for (let offset = 0; offset < maxItems; offset += pageSize) {
    const page = new URL(opts.url);
    page.searchParams.set("limit", String(pageSize));
    page.searchParams.set("offset", String(offset));
    let body: unknown;
    try {
      body = await opts.fetchJson(page.toString());
    } catch (err) {
      report.error = `page at offset ${offset}: ${String(err).slice(0, 200)}`;
      break;
    }
    const items = (body as { items?: unknown })?.items ?? (body as { resources?: unknown })?.resources;
    if (!Array.isArray(items)) {
      report.error = `page at offset ${offset}: no items array`;
      break;
    }
    report.pages++;
    for (const item of items.slice(0, maxItems - report.items)) {
      report.items++;
      const sub = itemToSubmission(item);
      if (!sub.ok) {
        reject(sub.reason);
        continue;
      }
      let prepared: Awaited<ReturnType<typeof validateSubmission>>;
      try {
        prepared = await validateSubmission(db, sub.input, opts.policy);
      } catch {
        reject("failed_submission_rules");
        continue;
      }
      const known = await db
        .selectFrom("listings")
        .select("id")
        .where("endpoint_canonical", "=", prepared.canonical)
        .executeTakeFirst();
      if (known) {
        report.duplicates++;
        continue;
      }
      const { toStore } = newListingToStore(prepared);
      try {
        await db.transaction().execute(async (trx) => {
          // The canonical endpoint under a transaction lock: two importers never store it twice.
          await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`tollgate:import:${prepared.canonical}`}, 0))`.execute(
            trx,
          );
          const again = await trx
            .selectFrom("listings")
            .select("id")
            .where("endpoint_canonical", "=", prepared.canonical)
            .executeTakeFirst();
          if (again) throw Object.assign(new Error("duplicate"), { duplicate: true });
          await insertListing(trx as unknown as Db, toStore, { origin: "indexed" });
        });
        report.created++;
      } catch (err) {
        if ((err as { duplicate?: boolean }).duplicate || (err as { code?: string }).code === "23505")
          report.duplicates++;
        else throw err;
      }
    }
    const total = (body as { pagination?: { total?: unknown } }).pagination?.total;
    if (items.length < pageSize || (typeof total === "number" && offset + pageSize >= total)) break;
  }
  return report;
}
