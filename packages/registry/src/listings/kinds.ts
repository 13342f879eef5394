/**
 * Maps a text to the kinds of service it names (service-kinds.ts), by whole-word phrases after a light
 * stemming; `*` in a phrase stands for any one word ("read * aloud"). A need and a listing that name the same kind agree, whatever words each uses ("will I need an
 * umbrella" and "precipitation forecast" both name weather.forecast). Cheap: one pass over the text's words,
 * each looked up in a map of the phrases that start with it.
 */
import { SERVICE_KINDS, type ServiceKind } from "./service-kinds.js";

/** Words whose plural-looking ending is part of the word ("news" is not "new"). */
const KEEP = new Set(["news", "odds", "aids", "mars", "physics", "analytics", "economics", "genetics"]);

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

/** A text's words in normal form, in order (stopwords kept: phrases like "will it rain" need them). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[’']/g, "'")
    .split(/[^a-z0-9'*]+/)
    .map((w) => w.replace(/^'+|'+$/g, ""))
    .filter((w) => w.length > 0)
    .map(normalise);
}

interface Phrase {
  rest: string[];
  kind: number;
}

/** The lexicon compiled: each phrase's first word → the phrases starting with it and their kind. */
export interface KindLexicon {
  kinds: readonly ServiceKind[];
  byFirst: Map<string, Phrase[]>;
}

export function compileLexicon(kinds: readonly ServiceKind[]): KindLexicon {
  const byFirst = new Map<string, Phrase[]>();
  for (const [kind, sk] of kinds.entries())
    for (const phrase of `${sk.asks}|${sk.offers}`.split("|")) {
      const ws = words(phrase);
      const first = ws[0];
      if (first === undefined) continue;
      const list = byFirst.get(first) ?? [];
      list.push({ rest: ws.slice(1), kind });
      byFirst.set(first, list);
    }
  return { kinds, byFirst };
}

export const LEXICON: KindLexicon = compileLexicon(SERVICE_KINDS);

/** The kinds a text names, as sorted indices into `lexicon.kinds`. */
export function kindsOf(text: string, lexicon: KindLexicon = LEXICON): Uint16Array {
  const ws = words(text);
  const found = new Set<number>();
  for (let i = 0; i < ws.length; i++) {
    const phrases = lexicon.byFirst.get(ws[i]!);
    if (!phrases) continue;
    for (const p of phrases) {
      if (found.has(p.kind)) continue;
      let ok = i + p.rest.length < ws.length;
      for (let j = 0; ok && j < p.rest.length; j++) ok = p.rest[j] === "*" || ws[i + 1 + j] === p.rest[j];
      if (ok) found.add(p.kind);
    }
  }
  return Uint16Array.from(found).sort();
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
