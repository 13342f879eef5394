import ipaddr from "ipaddr.js";

export type AddressCheck =
  | { ok: true }
  | { ok: false; reason: "private_address" | "invalid_address"; range: string };

/**
 * Only globally routable unicast addresses are public. Everything else — loopback, private, link-local
 * (cloud metadata), CGNAT, unspecified, reserved, multicast, 6to4/teredo/NAT64, ULA, and IPv4-mapped
 * forms of any of those (ipaddr.process unwraps them first) — is refused.
 */
export function checkAddress(ip: string): AddressCheck {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(ip.replace(/^\[|\]$/g, ""));
  } catch {
    return { ok: false, reason: "invalid_address", range: "invalid" };
  }
  const range = parsed.range();
  return range === "unicast" ? { ok: true } : { ok: false, reason: "private_address", range };
}

/**
 * If `host` is an IP literal in any encoding a URL parser or an OS resolver accepts (dotted, decimal
 * `2130706433`, hex `0x7f000001`, `0x7f.1`, octal `0177.0.0.1`, short `127.1`, bracketed or bare IPv6,
 * IPv4-mapped IPv6), return its normalised address; otherwise null (a name to resolve).
 */
export function parseHostLiteral(host: string): string | null {
  const h = host
    .trim()
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "");
  if (h.includes(":")) return ipaddr.IPv6.isValid(h) ? ipaddr.process(h).toString() : null;
  // Every label numeric (decimal, 0x-hex or 0-octal) means an IPv4 literal in some encoding.
  if (/^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}$/i.test(h)) {
    try {
      return ipaddr.IPv4.parse(h).toString();
    } catch {
      return "0.0.0.0"; // numeric but malformed: treat as an unusable literal, never as a name
    }
  }
  return null;
}

/** True when `ip` falls inside one of the CIDR ranges. */
export function inCidrs(ip: string, cidrs: readonly [ipaddr.IPv4 | ipaddr.IPv6, number][]): boolean {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.process(ip);
  } catch {
    return false;
  }
  return cidrs.some(([range, bits]) => addr.kind() === range.kind() && addr.match([range, bits] as never));
}
