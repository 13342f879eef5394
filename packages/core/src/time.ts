/** Unix seconds of a Date, or null. */
export function unixSeconds(d: Date | null | undefined): number | null {
  return d ? Math.floor(d.getTime() / 1000) : null;
}

/** ISO 8601 text of a Date, or null. */
export function isoOrNull(d: Date | null | undefined): string | null {
  return d ? d.toISOString() : null;
}
