/**
 * RFC 3986 §6.2.2.1-2 on a path: a percent-encoded unreserved character (ALPHA, DIGIT, "-", ".", "_", "~")
 * is the character itself, and every other percent-encoding (a reserved character, %2F included, or a
 * byte of a non-ASCII one) is kept, with upper-case hex. Neither changes what the URL identifies.
 */
function normalisePercentEncoding(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9\-._~]$/.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });
}

/**
 * The host as `canonicalEndpoint` keeps it, from a WHATWG-parsed hostname (lowercase, IDN already as
 * punycode, IPv6 already compressed): every trailing dot dropped (`api.example.com..` resolves as
 * api.example.com does), and an IPv4-mapped IPv6 literal (`[::ffff:93.184.216.34]`, serialised by the parser
 * as `[::ffff:5db8:d822]`) written as the IPv4 address it reaches. Neither spelling is another endpoint, nor
 * another registered domain with a fresh five-free allowance.
 */
export function canonicalHost(hostname: string): string {
  const h = hostname.toLowerCase().replace(/\.+$/, "");
  const mapped = /^\[::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})\]$/.exec(h);
  if (!mapped) return h;
  const hi = Number.parseInt(mapped[1] ?? "0", 16);
  const lo = Number.parseInt(mapped[2] ?? "0", 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

/**
 * Canonical form of an endpoint URL, used to decide "already listed": lowercase scheme and host
 * (`canonicalHost`: trailing dots dropped, IPv4-mapped IPv6 as IPv4), default port dropped, fragment dropped, percent-encoding of the path normalised (RFC 3986 §6.2.2:
 * `/v1/%70aid` is `/v1/paid`; the case of the path is kept), trailing slash of a non-root path dropped,
 * query parameters sorted (and re-encoded one way, so `%70`, `p` and `%7e`, `~` are one spelling there).
 * Throws on a string that is not an absolute URL.
 */
export function canonicalEndpoint(raw: string): string {
  const u = new URL(raw.trim());
  u.hash = "";
  u.hostname = canonicalHost(u.hostname);
  if ((u.protocol === "https:" && u.port === "443") || (u.protocol === "http:" && u.port === "80"))
    u.port = "";
  const params = [...u.searchParams.entries()].sort(([a, av], [b, bv]) =>
    a === b ? av.localeCompare(bv) : a.localeCompare(b),
  );
  u.search = "";
  for (const [k, v] of params) u.searchParams.append(k, v);
  let path = u.pathname;
  if (path.length > 1 && path.endsWith("/")) path = path.replace(/\/+$/, "") || "/";
  u.pathname = normalisePercentEncoding(path);
  return u.toString();
}

const ROUTE_PATTERNS: { re: RegExp; what: string }[] = [
  { re: /\{[^}/]*\}/, what: "a {placeholder} segment" },
  { re: /\/:[A-Za-z_][\w-]*/, what: "a :param segment" },
  { re: /\*/, what: "a * wildcard" },
  { re: /\[(\.\.\.)?[^\]/]*\]/, what: "a [param] segment" },
  { re: /%7B[^/]*%7D/i, what: "an encoded {placeholder}" },
  { re: /<[^>/]*>|%3C[^/]*%3E/i, what: "a <param> segment" },
];

/** Returns what makes the URL a route pattern rather than one concrete URL, or null when concrete. */
export function routePatternIn(raw: string): string | null {
  let target = raw;
  try {
    const u = new URL(raw);
    target = `${u.pathname}${u.search}`;
  } catch {
    // not a URL: inspect the raw text
  }
  for (const { re, what } of ROUTE_PATTERNS) if (re.test(target)) return what;
  return null;
}

/** Hostnames of tunnelling services whose URLs are ephemeral (excluded from listing totals). */
export const EPHEMERAL_HOST_SUFFIXES = [
  ".ngrok.io",
  ".ngrok-free.app",
  ".ngrok.app",
  ".trycloudflare.com",
  ".loca.lt",
  ".serveo.net",
  ".localhost.run",
  ".lhr.life",
  ".pinggy.link",
] as const;

export function isEphemeralHost(host: string): boolean {
  const h = host.toLowerCase();
  return EPHEMERAL_HOST_SUFFIXES.some((s) => h.endsWith(s));
}
