import { type Kysely, sql } from "kysely";

// Frozen once landed. listings.endpoint_canonical (one active listing per value: listings_active_endpoint)
// normalises the percent-encoding of the path since this migration, RFC 3986 §6.2.2 as core's
// canonicalEndpoint does: a percent-encoded unreserved character (ALPHA, DIGIT, "-", ".", "_", "~") is the
// character itself, every other percent-encoding keeps its place with upper-case hex. Rows stored under the
// older rule are recomputed, so a `/v1/%70aid` listed before is found as the `/v1/paid` a new submission of
// either spelling is compared as. The rule is copied here, not imported, so this file stays what it was
// when it ran. Where active listings admitted under the older rule come to one canonical form, the one
// already holding it keeps it, else the oldest takes it; the others keep their old form (duplicates left to
// the operator, never delisted here). Running it again changes nothing.

const normalisePath = (path: string) =>
  path.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16));
    return /^[A-Za-z0-9\-._~]$/.test(ch) ? ch : `%${hex.toUpperCase()}`;
  });

/** The canonical form under the new rule, or null when it is the stored one (or not a URL at all). */
function recomputed(stored: string): string | null {
  let u: URL;
  try {
    u = new URL(stored);
  } catch {
    return null;
  }
  const path = normalisePath(u.pathname);
  if (path === u.pathname) return null;
  u.pathname = path;
  const next = u.toString();
  return next === stored ? null : next;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ id: string; endpoint_canonical: string }>`
    SELECT id, endpoint_canonical FROM listings
    WHERE strpos(endpoint_canonical, '%') > 0
    ORDER BY created_at, id`.execute(db);
  for (const row of rows) {
    const next = recomputed(row.endpoint_canonical);
    if (next === null) continue;
    // A delisted row is outside the unique index; an active one only when no other active row holds the form.
    await sql`UPDATE listings SET endpoint_canonical = ${next}
      WHERE id = ${row.id}
        AND (status = 'delisted' OR NOT EXISTS (
          SELECT 1 FROM listings o
          WHERE o.endpoint_canonical = ${next} AND o.status <> 'delisted' AND o.id <> ${row.id}))`.execute(
      db,
    );
  }
}

export async function down(): Promise<void> {
  // Kept as recomputed: the older rule's code finds a row by its new form when a submission is spelled so,
  // and misses the other spellings as it always did; the older forms are not stored anywhere to go back to.
}
