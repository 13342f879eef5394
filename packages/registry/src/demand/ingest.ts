import { normaliseTerm } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import type { SearchLogJob } from "@tollgate/schema";

/**
 * Store one search (idempotent by event id). A search is a seller's self-check when its results include a
 * listing submitted or claimed from the same client: checking one's own rank is not demand.
 */
export async function ingestSearch(db: Db, job: SearchLogJob): Promise<boolean> {
  // A search is answered whatever its text, so a NUL can arrive here (`?q=a%00b`); Postgres text cannot hold
  // one, and the job would fail every attempt. It is dropped: the rest is what was asked.
  const query = job.query?.replaceAll("\u0000", "") ?? null;
  const selfCheck =
    job.resultIds.length > 0 &&
    !!(await db
      .selectFrom("listings")
      .select("id")
      .where("id", "in", job.resultIds)
      .where("submitter_client_hash", "=", job.clientHash)
      .limit(1)
      .executeTakeFirst());
  const row = await db
    .insertInto("search_log")
    .values({
      event_id: job.eventId,
      at: new Date(job.at),
      source: job.source,
      query,
      term: normaliseTerm(query),
      category: job.category,
      client_hash: job.clientHash,
      result_count: job.resultIds.length,
      result_ids: job.resultIds,
      categories: job.categories ?? null,
      params: JSON.stringify(job.params),
      self_check: selfCheck,
    })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return !!row;
}
