import { createHash } from "node:crypto";

/**
 * Flat shields (the shields.io look: 20 px high, Verdana 11 px, a grey label and a coloured value), drawn
 * here so a badge never depends on a third party. Text width is estimated per character from Verdana's
 * advance widths (close enough that the text never overflows its box).
 */
const WIDE = /[MWmw@%]/;
const NARROW = /[iIljtf.,:;'!| ]/;
const CAPS = /[A-Z0-9]/;
export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += WIDE.test(ch) ? 10 : NARROW.test(ch) ? 3.6 : CAPS.test(ch) ? 7.5 : 6.5;
  return Math.ceil(w);
}

/**
 * Characters XML 1.0 forbids even as references (C0 controls other than tab, newline and carriage return,
 * U+FFFE/U+FFFF, lone surrogates): one of them in a seller's name would make the whole SVG ill-formed, so an
 * image viewer shows nothing. They are dropped; everything else is escaped.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;
const escapeXml = (s: string) =>
  s
    .replace(NOT_XML, "")
    .replace(
      /[&<>"']/g,
      (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
    );

/**
 * A seller's text isolated for a line it shares with ours (FSI … PDI), its own overrides, embeddings and
 * isolates dropped: `Evil \u202edeifirev` would otherwise show the badge's title as "Evil — verified"
 * reversed into whatever the seller spelt. A name refuses these on submission; one stored before that rule
 * (or by hand) may still hold them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
export const isolated = (s: string) => `\u2068${s.replace(BIDI_CONTROLS, "")}\u2069`;

export const BADGE_COLOURS = {
  green: "#2e7d32",
  yellow: "#9a6700",
  red: "#c62828",
  grey: "#616161",
  blue: "#1565c0",
} as const;
export type BadgeColour = keyof typeof BADGE_COLOURS;

/** One flat shield: `label | value`, with a title for screen readers and hover. */
export function shield(label: string, value: string, colour: BadgeColour, title: string): string {
  const pad = 10;
  const lw = textWidth(label) + pad;
  const vw = textWidth(value) + pad;
  const w = lw + vw;
  const fill = BADGE_COLOURS[colour];
  const [l, v, t] = [escapeXml(label), escapeXml(value), escapeXml(title)];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" aria-label="${l}: ${v}"><title>${t}</title><linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" height="20" fill="#444"/><rect x="${lw}" width="${vw}" height="20" fill="${fill}"/><rect width="${w}" height="20" fill="url(#s)"/></g><g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11"><text x="${lw / 2}" y="14">${l}</text><text x="${lw + vw / 2}" y="14">${v}</text></g></svg>`;
}

/** The status shield's value and colour for each listing status. */
export function statusBadge(status: string, score: number | null): { value: string; colour: BadgeColour } {
  switch (status) {
    case "verified":
      return { value: score === null ? "verified" : `verified ${Math.round(score * 100)}%`, colour: "green" };
    case "unverified":
      return { value: "unverified", colour: "yellow" };
    case "failing":
      return { value: "failing", colour: "red" };
    default:
      return { value: "delisted", colour: "grey" };
  }
}

/** The paid shield: the paid-depth rung when a real purchase delivered, else what is known. */
export function paidBadge(
  rung: string,
  latestDelivered: boolean | null,
): { value: string; colour: BadgeColour } {
  if (rung === "failed_rebuy") return { value: "failed re-buy", colour: "red" };
  if (rung !== "none")
    return { value: `paid ${rung === "paid_verified" ? "verified" : rung}`, colour: "blue" };
  if (latestDelivered === false) return { value: "paid, not delivered", colour: "red" };
  return { value: "not bought yet", colour: "grey" };
}

export const etagOf = (body: string) =>
  `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
