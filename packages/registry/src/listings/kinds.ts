/**
 * Maps a text to the kinds of service it names (service-kinds.ts), by whole-word phrases after a light
 * stemming; `*` in a phrase stands for up to three words ("read * aloud"). A need and a listing that name the same kind agree, whatever words each uses ("will I need an
 * umbrella" and "precipitation forecast" both name weather.forecast). Cheap: one pass over the text's words,
 * each looked up in a map of the phrases that start with it.
 */
import { SERVICE_KINDS, type ServiceKind } from "./service-kinds.js";

/** Words whose plural-looking ending is part of the word ("news" is not "new"). */
const KEEP = new Set([
  "news",
  "odds",
  "aids",
  "mars",
  "physics",
  "analytics",
  "economics",
  "genetics",
  "customs",
  // A memecoin, not "pep" (a politically exposed person).
  "pepe",
  // Vacancies, not "open" ("any open recalls" asks for no job).
  "openings",
]);

/**
 * A word's normal form: lower case, possessive and plural endings dropped, -ing/-ed dropped, a final e
 * dropped, so "prices", "priced", "pricing" and "price" meet. Short words (3 letters) are kept whole.
 */
export function normalise(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, "");
  if (w.length <= 3 || KEEP.has(w)) return w;
  if (w.endsWith("ies") && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith("sses")) w = w.slice(0, -2);
  else if (/(ches|shes|xes|zes)$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  if (w.length > 3 && /([^aeiouls])\1$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith("e")) w = w.slice(0, -1);
  return w;
}

/**
 * A text in lower case with its accents dropped ("réserver" is "reserver", "Köln" is "koln", "ß" is "ss", "m²" is "m2"): a
 * letter outside a-z would otherwise split its word in two, so a need or a listing written in Spanish, Portuguese,
 * French or German would be read as fragments.
 */
export function fold(text: string): string {
  return text.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, "").replace(/ß/g, "ss");
}

/** A text's words in normal form, in order (stopwords kept: phrases like "will it rain" need them). */
export function words(text: string): string[] {
  return fold(text)
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9'*]+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter((w) => w.length > 0)
    .map(normalise);
}

interface Phrase {
  rest: string[];
  kind: number;
  /** A single word from the kind's `asks` ("snow", "coin", "pharmacy"): a need's word, not a listing's. */
  loose: boolean;
  /** The token an identifier is replaced by (`IDENTIFIERS`). */
  identifier?: boolean;
  /** Written in another language than English (`~` before it in service-kinds.ts, `FOREIGN`). */
  foreign?: boolean;
}

/**
 * A phrase written `~phrase` in service-kinds.ts is in another language than English ("~steuererklärung",
 * "~rastrear encomenda"). The bundled model reads English only: the vector of a need in Portuguese or German is
 * near no kind's, so the kind check (match.ts `kindCheck`) would drop every kind such a need names, and its
 * kinds could never keep it unserved nor find the listing that serves it. A kind named by a foreign phrase is
 * kept without that check (as one an identifier names), and foreign phrases stay out of the kind's vector
 * (`kindPhraseTexts`), which the model could not read either. They are chosen to be no English word.
 */
export const FOREIGN = "~";

/**
 * Identifiers that name what is asked about whatever words surround them: an IP address, a VIN, a transaction
 * hash, a flight number, a parcel's tracking number, a shipping container's number, an Amazon product number, an
 * ORCID iD, an ISBN, an IBAN (16 characters or more), a VAT number, an ENS name. Each is read in a text as
 * one word (`token`) naming its kind, as a single word of that kind's `asks` would: it counts in a need (and in
 * a listing only when nothing else there names a kind). The token is no English word, and the embedding still
 * sees the text as written.
 */
export const IDENTIFIERS: readonly {
  what: string;
  pattern: RegExp;
  token: string;
  kind: string;
  /** The word a listing uses for such identifiers ("VIN", "IBAN"), counted among a need's words when it holds one. */
  word?: string;
}[] = [
  {
    what: "IPv4 address",
    pattern: /(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)(?![\w]|\.\d)/g,
    token: "qqipaddr",
    kind: "maps.ip",
  },
  {
    what: "IPv6 address",
    pattern:
      /(?<![\w:])(?:[0-9a-f]{1,4}:){3,7}[0-9a-f]{1,4}(?![\w:])|(?<![\w:])[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*::(?:[0-9a-f]{1,4}(?::[0-9a-f]{1,4})*)?(?![\w:])/gi,
    token: "qqipaddr",
    kind: "maps.ip",
  },
  {
    what: "vehicle identification number (17 characters, no I, O or Q, letters and digits, not all hexadecimal)",
    pattern:
      /\b(?=(?:[A-HJ-NPR-Z]*\d){4})(?=(?:\d*[A-HJ-NPR-Z]){2})(?=[A-F0-9]*[G-HJ-NPR-Z])[A-HJ-NPR-Z0-9]{17}\b/gi,
    token: "qqvin",
    word: "vin",
    kind: "vehicles",
  },
  {
    what: "EVM transaction hash",
    pattern: /\b0x[0-9a-f]{64}\b/gi,
    token: "qqtxhash",
    word: "transaction",
    kind: "crypto.transactions",
  },
  {
    what: "flight number (an airline's code or name, then the number)",
    pattern:
      /\b(?:AA|UA|DL|WN|B6|NK|F9|BA|LH|KL|EK|EY|SQ|QF|NH|JL|U2|6E)\s?\d{2,4}\b|\b(?:[Uu]nited|[Dd]elta|[Ss]outhwest|[Jj]et[Bb]lue|[Ll]ufthansa|[Ee]mirates|[Rr]yanair|[Ee]asy[Jj]et|[Qq]antas|(?:[Aa]merican|[Aa]laska|[Ss]pirit|[Ff]rontier|[Bb]ritish|[Tt]urkish|[Ss]ingapore|[Qq]atar) [Aa]irlines?|[Bb]ritish [Aa]irways|[Aa]ir [Ff]rance|[Aa]ir [Cc]anada|KLM)(?: [Ff]light)? #?\d{2,4}\b(?![-./:]\d)/g,
    token: "qqflight",
    word: "flight",
    kind: "travel.flight_status",
  },
  {
    what: "parcel tracking number (UPS 1Z…, USPS 22 digits)",
    pattern: /\b1Z[0-9A-Z]{16}\b|\b9[2-5]\d{20}\b/g,
    token: "qqparcel",
    word: "tracking",
    kind: "ship.tracking",
  },
  {
    what: "shipping container number (ISO 6346: owner code, U, J or Z, six digits and a check digit)",
    pattern: /\b[A-Z]{3}[UJZ] ?\d{6} ?\d\b/g,
    token: "qqcontainer",
    word: "container",
    kind: "ship.vessel_tracking",
  },
  {
    what: "Amazon product number (ASIN: B0 and eight letters or digits)",
    pattern: /\bB0[0-9A-Z]{8}\b/g,
    token: "qqasin",
    word: "asin",
    kind: "product.lookup",
  },
  {
    // ORCID issues iDs in 0000-0001-5000-0007 … 0000-0003-5000-0001 and from 0009-0000-0000-0000 on: a card number
    // written in groups of four (its first digit 2–6) is not one.
    what: "ORCID iD (0000- or 0009-, three more groups of four digits, the last may end in X)",
    pattern: /\b000[09]-\d{4}-\d{4}-\d{3}[\dX]\b/g,
    token: "qqorcid",
    word: "orcid",
    kind: "science.papers",
  },
  {
    what: "ISBN-13",
    pattern: /\b97[89](?:[- ]?\d){10}\b/g,
    token: "qqisbn",
    word: "isbn",
    kind: "entertainment.books",
  },
  {
    what: "IBAN",
    pattern: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g,
    token: "qqiban",
    word: "iban",
    kind: "finance.banking",
  },
  {
    what: "EU or UK VAT number (country prefix, then at least seven digits)",
    pattern:
      /\b(?:ATU\d{8}|(?:BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|GB|XI)[ -]?[0-9A-Z]{0,2}\d{7,12}(?:B\d{2})?[A-Z]?)\b/g,
    token: "qqvatid",
    word: "vat",
    kind: "gov.tax_ids",
  },
  {
    what: "ENS name",
    pattern: /(?<![\w.-])[a-z0-9][a-z0-9-]{0,62}(?:\.base)?\.eth\b/gi,
    token: "qqensname",
    kind: "crypto.ens",
  },
];

/** A text with each identifier replaced by its token. */
export function markIdentifiers(text: string): string {
  let out = text;
  for (const id of IDENTIFIERS) out = out.replace(id.pattern, ` ${id.token} `);
  return out;
}

/** The lexicon compiled: each phrase's first word → the phrases starting with it and their kind. */
export interface KindLexicon {
  kinds: readonly ServiceKind[];
  byFirst: Map<string, Phrase[]>;
}

export function compileLexicon(kinds: readonly ServiceKind[]): KindLexicon {
  const byFirst = new Map<string, Phrase[]>();
  for (const [kind, sk] of kinds.entries())
    for (const [side, phrases] of [
      ["asks", sk.asks],
      ["offers", sk.offers],
    ] as const)
      for (const phrase of phrases.split("|")) {
        const ws = words(phrase);
        const first = ws[0];
        if (first === undefined) continue;
        const list = byFirst.get(first) ?? [];
        const foreign = phrase.trimStart().startsWith(FOREIGN);
        list.push({
          rest: ws.slice(1),
          kind,
          loose: side === "asks" && ws.length === 1,
          ...(foreign ? { foreign: true } : {}),
        });
        byFirst.set(first, list);
      }
  for (const id of IDENTIFIERS) {
    const kind = kinds.findIndex((sk) => sk.id === id.kind);
    if (kind < 0) continue;
    const token = normalise(id.token);
    const list = byFirst.get(token) ?? [];
    if (!list.some((p) => p.kind === kind)) list.push({ rest: [], kind, loose: true, identifier: true });
    byFirst.set(token, list);
  }
  return { kinds, byFirst };
}

export const LEXICON: KindLexicon = compileLexicon(SERVICE_KINDS);

/** Up to how many words `*` in a phrase stands for ("read * aloud": "read aloud", "read this paragraph aloud"). */
const GAP_MAX = 3;

/** Where `rest` matches `ws` from `at`: the index after the match, or -1 (a `*` takes 0..GAP_MAX words). */
function matchRest(rest: readonly string[], r: number, ws: readonly string[], at: number): number {
  if (r === rest.length) return at;
  if (rest[r] === "*") {
    for (let gap = 0; gap <= GAP_MAX && at + gap <= ws.length; gap++) {
      if (gap > 0 && ws[at + gap - 1] === SEP) break;
      const end = matchRest(rest, r + 1, ws, at + gap);
      if (end >= 0) return end;
    }
    return -1;
  }
  return at < ws.length && ws[at] === rest[r] ? matchRest(rest, r + 1, ws, at + 1) : -1;
}

/** One kind named in a text: the words its longest phrase there covers, and that phrase's length in words. */
export interface KindMatch {
  kind: number;
  start: number;
  end: number;
  length: number;
  /** Named by an identifier (an IP address, a VIN, an ENS name, …), not by words. */
  identifier?: boolean;
  /** Named by a phrase in another language than English (`FOREIGN`). */
  foreign?: boolean;
}

/**
 * The kinds a text names, with the longest phrase that names each. A phrase lying inside a longer phrase of
 * another kind does not count: "dumping their own stock" names insider filings, not stock quotes, and "what was
 * the temperature" names past weather, not a forecast.
 */
/**
 * Where a phrase may not run on: a comma, semicolon, colon, bracket, dash between spaces, or the end of a
 * sentence. "by keyword, source, language and date" names no "source language"; "lat/lon", "e-commerce" and
 * "PM2.5" stay whole, and so does a comma between digits ("validate 2,000 emails" is one clause).
 */
const BREAK = /(?<!\d),|,(?!\d)|[;:!?()[\]{}"“”]|\.(?=\s|$)|\s[-–—]\s/;
/** Stands between clauses in a word list: no phrase word is ever equal to it, and `*` does not cross it. */
const SEP = "|";

/** A text's words in normal form with `SEP` between its clauses. */
function clauseWords(text: string): string[] {
  const out: string[] = [];
  for (const clause of markIdentifiers(text).split(BREAK)) {
    const ws = words(clause);
    if (ws.length === 0) continue;
    if (out.length > 0) out.push(SEP);
    out.push(...ws);
  }
  return out;
}

export function kindMatches(text: string, lexicon: KindLexicon = LEXICON, listing = false): KindMatch[] {
  const ws = clauseWords(text);
  const all: KindMatch[] = [];
  for (let i = 0; i < ws.length; i++) {
    const phrases = lexicon.byFirst.get(ws[i]!);
    if (!phrases) continue;
    for (const p of phrases) {
      if (listing && p.loose) continue;
      const end = matchRest(p.rest, 0, ws, i + 1);
      if (end >= 0)
        all.push({
          kind: p.kind,
          start: i,
          end,
          length: p.rest.length + 1,
          ...(p.identifier ? { identifier: true } : {}),
          ...(p.foreign ? { foreign: true } : {}),
        });
    }
  }
  const kept = all.filter(
    (m) => !all.some((o) => o.kind !== m.kind && o.length > m.length && o.start <= m.start && o.end >= m.end),
  );
  const best = new Map<number, KindMatch>();
  for (const m of kept) if ((best.get(m.kind)?.length ?? 0) < m.length) best.set(m.kind, m);
  return [...best.values()].sort((a, b) => a.kind - b.kind);
}

/** The kinds a text names, as sorted indices into `lexicon.kinds`. */
export function kindsOf(text: string, lexicon: KindLexicon = LEXICON): Uint16Array {
  return Uint16Array.from(kindMatches(text, lexicon).map((m) => m.kind));
}

/**
 * The kinds a listing's name and description name. As `kindsOf`, but a single word from a kind's `asks` does not
 * count: a need says "snow", "coin" or "pharmacy" to ask for a forecast, a price or a place, while a seller names
 * such words as what its data holds ("rainfall and snow depth", "every native coin", "pharmacies, gas stations")
 * and names what it sells in its `offers` phrases.
 */
export function listingKinds(text: string, lexicon: KindLexicon = LEXICON): Uint16Array {
  const strict = kindMatches(text, lexicon, true);
  return Uint16Array.from((strict.length > 0 ? strict : kindMatches(text, lexicon)).map((m) => m.kind));
}

/**
 * The kinds a need names most specifically: those named by a phrase at most `slack` words shorter than its
 * longest ("call a taxi to the airport"
 * asks for a ride, not for flight data; "buy two tickets for the concert" for tickets, not music data). With
 * `identifiers`, a kind an identifier names is primary too, however long the phrases around it ("what address is
 * vitalik.eth" asks for an ENS name's address, not a street address).
 */
export function primaryKinds(matches: readonly KindMatch[], slack = 1, identifiers = false): Uint16Array {
  const longest = Math.max(0, ...matches.map((m) => m.length));
  return Uint16Array.from(
    matches.filter((m) => m.length >= longest - slack || (identifiers && m.identifier)).map((m) => m.kind),
  );
}

/** The kinds' ids (for notes and tests). */
export const kindIds = (kinds: Uint16Array, lexicon: KindLexicon = LEXICON): string[] =>
  [...kinds].map((i) => lexicon.kinds[i]!.id);

/** How many of the need's kinds the listing also names (both sorted). */
export function sharedKinds(need: Uint16Array, listing: Uint16Array): number {
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < need.length && j < listing.length) {
    const a = need[i]!;
    const b = listing[j]!;
    if (a === b) {
      n++;
      i++;
      j++;
    } else if (a < b) i++;
    else j++;
  }
  return n;
}

/** A kind's phrases as texts to embed (`*` gaps dropped; foreign phrases, `FOREIGN`, left out). */
export const kindPhraseTexts = (kind: ServiceKind): string[] =>
  `${kind.asks}|${kind.offers}`
    .split("|")
    .filter((p) => !p.trimStart().startsWith(FOREIGN))
    .map((p) => p.replace(/\*/g, " ").replace(/\s+/g, " ").trim())
    .filter(Boolean);

/** 32-bit FNV-1a: listings keep hashed stems (4 bytes each) rather than strings (match.ts). */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A hash of a kind's phrases, hex: whether a stored vector was made from the phrases it has now. */
export const kindPhrasesHash = (kind: ServiceKind): string =>
  fnv1a(`${kind.id}\n${kind.asks}\n${kind.offers}`).toString(16).padStart(8, "0");
