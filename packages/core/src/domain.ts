import { parse } from "tldts";

/**
 * The registered domain a listing counts against for the submission allowance: public-suffix aware,
 * so `api.example.co.uk` counts as `example.co.uk`; on shared-hosting suffixes from the private part
 * of the public suffix list (`*.vercel.app`, `*.github.io`, …) each app's own subdomain is its domain.
 * Falls back to the host itself (IPv4 literals, single-label hosts). An IPv6 literal counts as its /64: one
 * network (a single host is routinely given a whole /64), so its 2^64 addresses are one domain with one
 * five-free allowance, not 2^64 of them.
 */
export function registeredDomain(host: string): string {
  const h = host.toLowerCase().replace(/\.+$/, "");
  const v6 = ipv6Network64(h);
  if (v6) return v6;
  const parsed = parse(h, { allowPrivateDomains: true });
  return parsed.domain ?? h;
}

/**
 * `[2001:db8:1:2::]/64` for a bracketed IPv6 literal as a WHATWG URL serialises it (compressed hex, no
 * embedded IPv4), or null for any other host.
 */
function ipv6Network64(h: string): string | null {
  const m = /^\[([0-9a-f:]+)\]$/.exec(h);
  if (!m?.[1]?.includes(":")) return null;
  const [head = "", tail, ...more] = m[1].split("::");
  if (more.length > 0) return null;
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return `[${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::]/64`;
}
