import { parse } from "tldts";

/**
 * The registered domain a listing counts against for the submission allowance: public-suffix aware,
 * so `api.example.co.uk` counts as `example.co.uk`; on shared-hosting suffixes from the private part
 * of the public suffix list (`*.vercel.app`, `*.github.io`, …) each app's own subdomain is its domain.
 * Falls back to the host itself (IP literals, single-label hosts).
 */
export function registeredDomain(host: string): string {
  const h = host.toLowerCase().replace(/\.$/, "");
  const parsed = parse(h, { allowPrivateDomains: true });
  return parsed.domain ?? h;
}
