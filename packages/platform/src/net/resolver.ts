import { promises as dns } from "node:dns";
import type ipaddr from "ipaddr.js";
import ipaddrLib from "ipaddr.js";
import { checkAddress, inCidrs, parseHostLiteral } from "./address.js";

/**
 * An explicit exception to the guard, for non-production use only (tests, the local world): `hosts` maps a
 * hostname to the address to use for it (e.g. demo sellers on 127.0.0.1), `cidrs` lets addresses in those
 * ranges through. It is data passed in from config, never a global switch.
 */
export interface Allowance {
  hosts: Record<string, string>;
  cidrs: string[];
}

export const NO_ALLOWANCE: Allowance = { hosts: {}, cidrs: [] };

export type LookupFn = (host: string) => Promise<{ address: string; family: number }[]>;

export type ResolveFailure = {
  ok: false;
  reason: "dns_lookup_error" | "private_address" | "invalid_host";
  message: string;
};
export type ResolveResult = { ok: true; addresses: { address: string; family: 4 | 6 }[] } | ResolveFailure;

export interface Resolver {
  /** Resolve a hostname or literal; every address must be public (or explicitly allowed). */
  resolve(host: string): Promise<ResolveResult>;
}

const systemLookup: LookupFn = (host) => dns.lookup(host, { all: true, verbatim: true });

/**
 * How many lookups of names under one site may run at once, per resolver. The system lookup (getaddrinfo) runs on
 * libuv's threadpool, four threads by default, and a name whose nameserver never answers holds its thread for the
 * system resolver's whole timeout (glibc: 5 s per try and server), long after the request's own deadline gave up on
 * it. A seller listing a few names under a black-holed domain (five are free per domain) held every thread, and
 * every other listing's lookup waited behind them: probes and purchases of the whole directory failed as
 * dns_lookup_error. Now names of one site share two lookups at a time (the rest wait their turn), and the same
 * name asked for twice at once is looked up once.
 */
export const LOOKUPS_PER_SITE = 2;

/**
 * The site a name belongs to, for `LOOKUPS_PER_SITE`: its last two labels, or three when the second-level label
 * is a short public suffix (`example.co.uk`, `example.com.br`). A heuristic, not the public-suffix list: a wrong
 * guess only groups names more or less coarsely.
 */
export function siteOf(host: string): string {
  const labels = host.split(".");
  const keep = labels.length >= 3 && labels.at(-2)!.length <= 3 ? 3 : 2;
  return labels.slice(-keep).join(".");
}

/** `lookup` with at most `perSite` lookups in flight per site and concurrent lookups of one name shared. */
export function limitLookups(lookup: LookupFn, perSite = LOOKUPS_PER_SITE): LookupFn {
  const inFlight = new Map<string, Promise<{ address: string; family: number }[]>>();
  const sites = new Map<string, { running: number; waiting: (() => void)[] }>();
  const run = async (host: string) => {
    const key = siteOf(host);
    let site = sites.get(key);
    if (!site) {
      site = { running: 0, waiting: [] };
      sites.set(key, site);
    }
    const s = site;
    // A slot is handed from a finished lookup straight to the next waiting one, never left for a newcomer.
    if (s.running >= perSite) await new Promise<void>((go) => s.waiting.push(go));
    else s.running++;
    try {
      return await lookup(host);
    } finally {
      const next = s.waiting.shift();
      if (next) next();
      else if (--s.running === 0) sites.delete(key);
    }
  };
  return (host) => {
    const shared = inFlight.get(host);
    if (shared) return shared;
    const p = run(host).finally(() => inFlight.delete(host));
    inFlight.set(host, p);
    return p;
  };
}

/** A resolver that validates every DNS answer; `lookup` is injectable so tests can serve DNS answers. */
export function createResolver(opts: { allowance?: Allowance; lookup?: LookupFn } = {}): Resolver {
  const allowance = opts.allowance ?? NO_ALLOWANCE;
  const hosts = new Map(Object.entries(allowance.hosts).map(([h, a]) => [h.toLowerCase(), a]));
  const cidrs = allowance.cidrs.map((c) => ipaddrLib.parseCIDR(c)) as [ipaddr.IPv4 | ipaddr.IPv6, number][];
  const lookup = limitLookups(opts.lookup ?? systemLookup);
  const family = (a: string): 4 | 6 => (a.includes(":") ? 6 : 4);

  const judge = (host: string, addresses: string[]): ResolveResult => {
    for (const a of addresses) {
      if (inCidrs(a, cidrs)) continue;
      const check = checkAddress(a);
      if (!check.ok)
        return {
          ok: false,
          reason: "private_address",
          message: `${host} resolves to ${a} (${check.range}), which is a private or reserved address, not public`,
        };
    }
    return { ok: true, addresses: addresses.map((address) => ({ address, family: family(address) })) };
  };

  return {
    async resolve(rawHost) {
      const host = rawHost
        .toLowerCase()
        .replace(/^\[|\]$/g, "")
        .replace(/\.$/, "");
      if (!host || /[\s/\\@]/.test(host))
        return { ok: false, reason: "invalid_host", message: `invalid host ${rawHost}` };
      const mapped = hosts.get(host);
      if (mapped) return { ok: true, addresses: [{ address: mapped, family: family(mapped) }] };
      const literal = parseHostLiteral(host);
      if (literal) return judge(host, [literal]);
      let answers: { address: string }[];
      try {
        answers = await lookup(host);
      } catch (err) {
        return {
          ok: false,
          reason: "dns_lookup_error",
          message: `${host} does not resolve (${(err as { code?: string }).code ?? "lookup failed"})`,
        };
      }
      if (answers.length === 0)
        return { ok: false, reason: "dns_lookup_error", message: `${host} has no addresses` };
      return judge(
        host,
        answers.map((a) => a.address),
      );
    },
  };
}

/** Adapter for the submission rule "the host must resolve publicly". */
export function hostCheckFrom(resolver: Resolver) {
  return async (host: string): Promise<{ ok: true } | { ok: false; reason: string; message: string }> => {
    const r = await resolver.resolve(host);
    return r.ok ? { ok: true } : r;
  };
}
