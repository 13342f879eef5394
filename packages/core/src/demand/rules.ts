/** Demand policy: every constant the feed, clusters and report apply (published in /methodology.json). */
export const DEMAND_POLICY = {
  policy_epoch: "2026-12-04.1",
  window_days: 30,
  delay_hours_free: 24,
  delay_hours_while_paid_live: 168,
  default_k_floor: 3,
  min_query_chars: 5,
  max_feed_bytes: 5 * 1024 * 1024,
  scripted_rotation: { min_client_ips: 20, single_search_share: 0.9 },
  named_listing_lookup: { only_this_service_share: 0.8 },
  snapshot_every_s: 900,
  snapshot_stale_s: 2700,
  snapshot_max_ungrouped_share: 0.05,
} as const;

export const NAMED_LISTING_LOOKUP_RULE =
  "a term equal to a listed service's own name; listed apart (not demand) with the share of its searchers who searched nothing else";
export const SCRIPTED_ROTATION_RULE = `a term asked by at least ${DEMAND_POLICY.scripted_rotation.min_client_ips} client IPs of which at least ${DEMAND_POLICY.scripted_rotation.single_search_share * 100}% made only this one search in the window; listed apart (not demand)`;

/**
 * What a term never keeps: controls other than the spaces and line breaks (an escape sequence would drive a
 * terminal printing the feed), the soft hyphen, zero-width and word-joining characters, the byte-order
 * mark, and the bidi marks, embeddings, overrides and isolates. None is seen, so each would publish a term
 * that shows as another (`\u202e` reverses what follows, Trojan Source), split one need into several that
 * look the same, or pad a short query past the short-query rule (`gpu` plus two zero-width spaces).
 */
const UNSEEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what is dropped
  /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/**
 * The demand form of a query: compatibility forms folded (NFKC: full-width `ｗｅａｔｈｅｒ` is `weather`, the
 * ligature `ﬁ` is `fi`, so one need typed on another keyboard is not two), unseen characters dropped, trimmed,
 * lowercased, whitespace collapsed; null
 * when under the minimum length, counted in characters (code points: three emoji are three, not six).
 */
export function normaliseTerm(q: string | null | undefined): string | null {
  if (!q) return null;
  const t = q.normalize("NFKC").replace(UNSEEN, "").trim().toLowerCase().replace(/\s+/g, " ");
  return [...t].length >= DEMAND_POLICY.min_query_chars ? t : null;
}

/** One (term, client) pair of the window, as aggregated from the search log. */
export interface TermClientRow {
  term: string;
  client: string;
  searches: number;
  /** Searches by this client that were sellers checking their own listing's rank. */
  selfChecks: number;
}

export interface ClientTotals {
  /** Distinct terms this client asked in the window. */
  distinctTerms: number;
  /** Searches this client made in the window. */
  searches: number;
}

export interface Need {
  need: string;
  searches: number;
  client_ips: number;
  seller_self_checks: number;
}

export interface DemandAggregate {
  needs: Need[];
  named: { term: string; searches: number; client_ips: number; share_asking_only_this_service: number }[];
  rotation: { term: string; searches: number; client_ips: number; single_search_share: number }[];
  withheld: {
    identifying_terms: number;
    manually_withheld: number;
    seller_only_terms: number;
    single_searcher_terms_published: number;
  };
  selfMonitoringSearches: number;
}

/**
 * Split the window's searches into demand and what is not demand, under the privacy floor: a term is
 * published only when at least `kFloor` distinct non-seller client IPs asked it. Self-checks never count
 * as demand; terms asked only by sellers are withheld; named-listing lookups and scripted rotation are
 * listed apart; terms the operator withheld (`withheldTerms`, normalised) are counted, never shown. A published
 * term asked by a single client (possible only when the floor is 1) is counted in
 * `single_searcher_terms_published`. Pure.
 */
export function aggregateDemand(
  rows: TermClientRow[],
  clients: Map<string, ClientTotals>,
  listingNames: Set<string>,
  kFloor: number,
  withheldTerms: ReadonlySet<string> = new Set(),
): DemandAggregate {
  const byTerm = new Map<string, TermClientRow[]>();
  for (const r of rows) {
    const list = byTerm.get(r.term);
    if (list) list.push(r);
    else byTerm.set(r.term, [r]);
  }
  const out: DemandAggregate = {
    needs: [],
    named: [],
    rotation: [],
    withheld: {
      identifying_terms: 0,
      manually_withheld: 0,
      seller_only_terms: 0,
      single_searcher_terms_published: 0,
    },
    selfMonitoringSearches: 0,
  };
  for (const [term, list] of byTerm) {
    const selfChecks = list.reduce((s, r) => s + r.selfChecks, 0);
    out.selfMonitoringSearches += selfChecks;
    const buyers = list.filter((r) => r.searches > r.selfChecks);
    const searches = buyers.reduce((s, r) => s + r.searches - r.selfChecks, 0);
    if (buyers.length === 0) {
      out.withheld.seller_only_terms++;
      continue;
    }
    if (withheldTerms.has(term)) {
      out.withheld.manually_withheld++;
      continue;
    }
    if (listingNames.has(term)) {
      const only = buyers.filter((r) => (clients.get(r.client)?.distinctTerms ?? 1) <= 1).length;
      out.named.push({
        term,
        searches,
        client_ips: buyers.length,
        share_asking_only_this_service: round(only / buyers.length),
      });
      continue;
    }
    const singles = buyers.filter((r) => (clients.get(r.client)?.searches ?? 1) <= 1).length;
    if (
      buyers.length >= DEMAND_POLICY.scripted_rotation.min_client_ips &&
      singles / buyers.length >= DEMAND_POLICY.scripted_rotation.single_search_share
    ) {
      out.rotation.push({
        term,
        searches,
        client_ips: buyers.length,
        single_search_share: round(singles / buyers.length),
      });
      continue;
    }
    if (buyers.length < kFloor) {
      out.withheld.identifying_terms++;
      continue;
    }
    if (buyers.length === 1) out.withheld.single_searcher_terms_published++;
    out.needs.push({ need: term, searches, client_ips: buyers.length, seller_self_checks: selfChecks });
  }
  out.needs.sort(
    (a, b) => b.client_ips - a.client_ips || b.searches - a.searches || a.need.localeCompare(b.need),
  );
  out.named.sort((a, b) => b.searches - a.searches || a.term.localeCompare(b.term));
  out.rotation.sort((a, b) => b.client_ips - a.client_ips || a.term.localeCompare(b.term));
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** Where the window ends and how far behind live it is. */
export function demandWindow(now: Date, paidTierLive: boolean, delayHoursOverride?: number) {
  const delayHours =
    delayHoursOverride ??
    (paidTierLive ? DEMAND_POLICY.delay_hours_while_paid_live : DEMAND_POLICY.delay_hours_free);
  const end = new Date(now.getTime() - delayHours * 3_600_000);
  const start = new Date(end.getTime() - DEMAND_POLICY.window_days * 86_400_000);
  return { start, end, delayHours };
}
