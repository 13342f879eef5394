/**
 * `s` cut to at most `max` UTF-16 code units, never between the two halves of a surrogate pair: a cut that would
 * leave a lone high surrogate drops it too (a lone surrogate is not text, and the submission rules refuse it).
 */
export function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  const last = s.charCodeAt(max - 1);
  return s.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}
