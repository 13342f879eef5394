import ipaddr from "ipaddr.js";
import { z } from "zod";

/** A parsed CIDR range: the network address and its prefix length. */
export type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number];

/** At most this many trusted hops are walked; a longer chain is answered by the last hop reached. */
const MAX_HOPS = 32;

/** An address as the socket or a proxy gives it: IPv4-mapped IPv6 unwrapped, IPv6 brackets dropped. */
function parseIp(raw: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const s = raw.trim().replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(s)) return null;
  // isValid accepts IPv4 in odd encodings (0x7f.1, 2130706433) that no proxy writes: dotted-quad only.
  if (!s.includes(":") && !ipaddr.IPv4.isValidFourPartDecimal(s)) return null;
  return ipaddr.process(s);
}

/**
 * Parse "10.0.0.0/8, 2001:db8::/32, 127.0.0.1" into ranges; a bare address is a single host (/32, /128).
 * Throws naming the first entry that is neither.
 */
export function parseCidrList(list: string): Cidr[] {
  return list
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean)
    .map((entry) => {
      try {
        if (entry.includes("/")) return ipaddr.parseCIDR(entry) as Cidr;
        const ip = parseIp(entry);
        if (ip) return [ip, ip.kind() === "ipv4" ? 32 : 128] as Cidr;
      } catch {
        // fall through to the error naming the entry
      }
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    });
}

/** Env fragment: a comma-separated list of CIDR ranges, validated at start (the error names the variable). */
export const envCidrList = () =>
  z
    .string()
    .default("")
    .transform((s, ctx) => {
      try {
        return parseCidrList(s);
      } catch (err) {
        ctx.addIssue({ code: "custom", message: (err as Error).message });
        return z.NEVER;
      }
    });

function inRanges(ip: ipaddr.IPv4 | ipaddr.IPv6, ranges: readonly Cidr[]): boolean {
  return ranges.some(([net, bits]) => ip.kind() === net.kind() && ip.match([net, bits] as never));
}

/** Whether the socket peer is a trusted proxy, whose own headers (X-Forwarded-For, X-Request-Id) may be believed. */
export function isTrustedPeer(peer: string | undefined, trusted: readonly Cidr[]): boolean {
  const ip = peer ? parseIp(peer) : null;
  return ip !== null && inRanges(ip, trusted);
}

/**
 * The client's address. When the socket peer is not a trusted proxy, the peer is the client and
 * X-Forwarded-For is ignored (anyone can write it). Otherwise the header is walked from the right — each
 * entry was appended by the hop to its right — skipping entries inside `trusted`; the first untrusted entry
 * is the client. The walk stops at a malformed entry, an exhausted header or MAX_HOPS, and then the last
 * address reached answers: it is a trusted hop, so the worst case is that clients behind it share its key,
 * never that a client picks its own. IPv4-mapped IPv6 is answered as IPv4. An unparseable peer (not served
 * over a socket, e.g. in-process tests) is returned as given, or "unknown".
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: readonly Cidr[],
): string {
  const peerIp = peer ? parseIp(peer) : null;
  if (!peerIp) return peer || "unknown";
  let client = peerIp;
  if (!forwardedFor || !inRanges(peerIp, trusted)) return client.toString();
  const hops = forwardedFor.split(",");
  for (let i = hops.length - 1, walked = 0; i >= 0 && walked < MAX_HOPS; i--, walked++) {
    const hop = parseIp(hops[i] ?? "");
    if (!hop) break;
    client = hop;
    if (!inRanges(hop, trusted)) break;
  }
  return client.toString();
}

/** What a socket peer is: whether it is a trusted proxy, and its own address (the client when it is not). */
export interface PeerFacts {
  trusted: boolean;
  address: string;
}

/**
 * `isTrustedPeer` and `clientAddress(peer, undefined, trusted)` remembered per peer string (at most `max`
 * peers; the memory is dropped whole when full): a keep-alive client asks many times from one peer, and
 * parsing its address twice per request was a measurable share of a cached read. The answers are those of
 * the two functions: X-Forwarded-For still has to be walked (with `clientAddress`) when the peer is trusted.
 */
export function peerFacts(trusted: readonly Cidr[], max = 4096): (peer: string | undefined) => PeerFacts {
  const known = new Map<string, PeerFacts>();
  const unknown: PeerFacts = { trusted: false, address: "unknown" };
  return (peer) => {
    if (!peer) return unknown;
    let facts = known.get(peer);
    if (!facts) {
      facts = { trusted: isTrustedPeer(peer, trusted), address: clientAddress(peer, undefined, trusted) };
      if (known.size >= max) known.clear();
      known.set(peer, facts);
    }
    return facts;
  };
}

/**
 * The key a client is counted by (rate limits, demand client hashes): an IPv4 address as itself, an IPv6
 * address by its /64 — one subscriber usually holds a whole /64, so a per-/128 count lets one client pose
 * as billions. IPv4-mapped IPv6 counts as IPv4. Anything unparseable is its own key.
 */
export function clientKey(ip: string): string {
  const parsed = parseIp(ip);
  if (!parsed) return ip;
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
