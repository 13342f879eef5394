import { BlockList } from "node:net";
import ipaddr from "ipaddr.js";

export type AddressCheck =
  | { ok: true }
  | { ok: false; reason: "private_address" | "invalid_address"; range: string };

/**
 * Ranges refused whatever ipaddr.js's `range()` says: its table changes between versions, and it reads
 * `::a.b.c.d` (IPv4-compatible, deprecated) as IPv4-mapped while calling `::7f00:1` plain unicast. Node's
 * BlockList parses with the OS's rules and checks IPv4-mapped IPv6 against the IPv4 entries. The same list
 * is the `except` of the prober's egress NetworkPolicy (k8s/base/egress-prober.yaml).
 */
export const REFUSED_CIDRS: readonly string[] = [
  "0.0.0.0/8", // "this network": 0.x.y.z reaches the local host on Linux
  "10.0.0.0/8",
  "100.64.0.0/10", // CGNAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata
  "172.16.0.0/12",
  "192.168.0.0/16",
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and broadcast
  "::/96", // IPv4-compatible (::a.b.c.d), with :: and ::1
  "64:ff9b::/96", // NAT64 well-known prefix: reaches any IPv4 address through the gateway
  "64:ff9b:1::/48", // NAT64 local use
  "100::/64", // discard-only
  "2001:db8::/32", // documentation
  "2002::/16", // 6to4: embeds any IPv4 address
  "fc00::/7", // unique local
  "fe80::/10", // link-local
  "fec0::/10", // site-local (deprecated, still routed by some stacks)
  "ff00::/8", // multicast
];

const family = (ip: string) => (ip.includes(":") ? "ipv6" : "ipv4");
const refused = REFUSED_CIDRS.map((cidr) => {
  const [net = "", bits = ""] = cidr.split("/");
  const list = new BlockList();
  list.addSubnet(net, Number(bits), family(net));
  return { cidr, list };
});

/** The refused range an address falls in, or null. */
const refusedRange = (ip: string): string | null =>
  refused.find(({ list }) => list.check(ip, family(ip)))?.cidr ?? null;

/**
 * Only globally routable unicast addresses are public. Refused: REFUSED_CIDRS, then everything ipaddr.js
 * does not call unicast — loopback, private, link-local (cloud metadata), CGNAT, unspecified, reserved,
 * multicast, 6to4/teredo/NAT64, ULA, site-local, discard, and IPv4-mapped forms of any of those
 * (ipaddr.process unwraps them first).
 */
export function checkAddress(ip: string): AddressCheck {
  const bare = ip.replace(/^\[|\]$/g, "");
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(bare);
  } catch {
    return { ok: false, reason: "invalid_address", range: "invalid" };
  }
  // The text as given (ipaddr.js misreads `::a.b.c.d`) and as normalised (`0x7f.1` is only readable so).
  const listed = refusedRange(bare) ?? refusedRange(parsed.toString());
  if (listed) return { ok: false, reason: "private_address", range: listed };
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
