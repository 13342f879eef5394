import type { Db } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import { bytesToVector, type Embedder, VectorIndex, vectorToBytes } from "@tollgate/semantic";
import { sql } from "kysely";
import type { QueryMatcher } from "./discover.js";

/** What a listing is embedded from: its name, description and category words. */
export function listingText(l: { name: string; description: string; category: string }): string {
  return `${l.name}. ${l.description}. ${l.category.replace(/[._]/g, " ")}`;
}

/** The form a query is embedded (and cached) in. */
export const queryKey = (q: string) => q.trim().replace(/\s+/g, " ").slice(0, 500);

/**
 * Embed listings created or edited since their last embedding (off the request path; the demand
 * aggregator runs this). Rows are locked with SKIP LOCKED, so replicas share the work without
 * overlap. Returns how many were embedded.
 */
export async function syncEmbeddings(db: Db, embedder: Embedder, batch = 64): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom("listings")
      .select(["id", "name", "description", "category", "updated_at"])
      .where((eb) =>
        eb.or([eb("embedding_synced_at", "is", null), eb("embedding_synced_at", "<", eb.ref("updated_at"))]),
      )
      .orderBy("updated_at")
      .limit(batch)
      .forUpdate()
      .skipLocked()
      .execute();
    if (due.length === 0) return 0;
    const vectors = await embedder.embed(due.map(listingText));
    // The stamp is the transaction's clock (not the row's updated_at) so followers see a rising watermark.
    for (const [i, row] of due.entries())
      await trx
        .updateTable("listings")
        .set({
          embedding: vectorToBytes(vectors[i]!),
          embedding_synced_at: sql`greatest(now(), ${row.updated_at}::timestamptz)`,
        })
        .where("id", "=", row.id)
        .execute();
    return due.length;
  });
}

export interface SemanticIndexOptions {
  /** How often new embeddings and delistings are picked up. */
  refreshMs?: number;
  /** At most this many listings count as relevant to one query. */
  maxRelevant?: number;
  /** Absolute cosine floor for relevance. */
  minSimilarity?: number;
  /** Relevant = within this much cosine of the best match. */
  band?: number;
  /** A query whose vector takes longer falls back to plain-text matching. */
  embedTimeoutMs?: number;
}

const PAGE = 5000;
const OVERLAP_MS = 10_000;

/** Relevance cut, tuned on the labelled set in test-e2e/bench/semantic (see its README figures). */
export const RELEVANCE = { maxRelevant: 200, minSimilarity: 0.25, band: 0.2 } as const;

/**
 * A replica's in-memory copy of every listing vector, following Postgres by `embedding_synced_at` (new
 * and edited listings) and `updated_at` (delistings), and the discover matcher over it: a need in words
 * → the ids relevant to it, most similar first. Until the first load completes and the model is ready, or
 * when the model cannot answer in time, the matcher returns null and discover falls back to plain-text
 * matching.
 */
export function createSemanticIndex(db: Db, embedder: Embedder, log: Logger, o: SemanticIndexOptions = {}) {
  const refreshMs = o.refreshMs ?? 1000;
  const maxRelevant = o.maxRelevant ?? RELEVANCE.maxRelevant;
  const minSimilarity = o.minSimilarity ?? RELEVANCE.minSimilarity;
  const band = o.band ?? RELEVANCE.band;
  const embedTimeoutMs = o.embedTimeoutMs ?? 2000;
  const index = new VectorIndex();
  /** The embedding stamp this replica holds per listing. */
  const stamps = new Map<string, number>();
  /** Every row stamped before this was committed when a previous refresh began, and so has been read. */
  let safe = new Date(0);
  let loaded = false;
  // Until the model has loaded (seconds after start), searches go straight to plain text: none waits for it.
  let modelReady = false;
  embedder.ready.then(
    () => {
      modelReady = true;
    },
    (err) => log.warn({ err: String(err) }, "embedding model failed to load; plain-text matching used"),
  );
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function refreshOnce(): Promise<void> {
    // Keyset pages of (id, stamp) from OVERLAP before the previous refresh began: a sync transaction (far
    // shorter than OVERLAP) that committed late with an earlier stamp is still seen, and once quiet nothing
    // is re-read. Vectors are fetched only for stamps new to this replica.
    const now = (await sql<{ now: Date }>`SELECT now() AS now`.execute(db)).rows[0]!.now;
    let cursor = { at: safe, id: "" };
    for (;;) {
      const page = await db
        .selectFrom("listings")
        .select(["id", "status", "embedding_synced_at"])
        .where(sql<boolean>`(embedding_synced_at, id) > (${cursor.at}, ${cursor.id})`)
        .where("embedding", "is not", null)
        .orderBy("embedding_synced_at")
        .orderBy("id")
        .limit(PAGE)
        .execute();
      const changed = page.filter((r) => stamps.get(r.id) !== r.embedding_synced_at!.getTime());
      for (const r of changed.filter((x) => x.status === "delisted")) {
        index.remove(r.id);
        stamps.set(r.id, r.embedding_synced_at!.getTime());
      }
      const wanted = changed.filter((x) => x.status !== "delisted");
      for (let i = 0; i < wanted.length; i += 1000) {
        const rows = await db
          .selectFrom("listings")
          .select(["id", "status", "embedding", "embedding_synced_at"])
          .where(
            "id",
            "in",
            wanted.slice(i, i + 1000).map((w) => w.id),
          )
          .execute();
        for (const r of rows) {
          if (!r.embedding || !r.embedding_synced_at) continue;
          if (r.status === "delisted") index.remove(r.id);
          else index.upsert(r.id, bytesToVector(r.embedding));
          stamps.set(r.id, r.embedding_synced_at.getTime());
        }
      }
      const last = page.at(-1);
      if (last?.embedding_synced_at) cursor = { at: last.embedding_synced_at, id: last.id };
      if (page.length < PAGE) break;
    }
    const delisted = await db
      .selectFrom("listings")
      .select("id")
      .where("status", "=", "delisted")
      .where("updated_at", ">", safe)
      .execute();
    for (const r of delisted) {
      index.remove(r.id);
      stamps.delete(r.id);
    }
    safe = new Date(now.getTime() - OVERLAP_MS);
    loaded = true;
  }

  const refresh = () => {
    running ??= refreshOnce().finally(() => {
      running = null;
    });
    return running;
  };

  // Agents' needs repeat: the relevant ids of a query are kept while the index is unchanged (any upsert or
  // removal moves its version), so a repeated need costs no scan. Bounded, oldest dropped first.
  const answers = new Map<string, { version: number; ids: string[] }>();
  const ANSWERS_MAX = 5000;

  const matcher: QueryMatcher = async (q) => {
    if (!loaded || !modelReady) return null;
    const key = queryKey(q);
    const known = answers.get(key);
    if (known && known.version === index.version) return known.ids;
    let timeout: NodeJS.Timeout | undefined;
    try {
      const v = await Promise.race([
        embedder.embedCached(key),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error("query embedding timed out")), embedTimeoutMs);
        }),
      ]);
      const hits = index.search(v, maxRelevant, minSimilarity);
      const best = hits[0]?.similarity ?? 0;
      const ids = hits.filter((h) => h.similarity >= best - band).map((h) => h.id);
      answers.delete(key);
      answers.set(key, { version: index.version, ids });
      if (answers.size > ANSWERS_MAX) answers.delete(answers.keys().next().value!);
      return ids;
    } catch (err) {
      log.warn({ err: String(err) }, "semantic matching unavailable; plain-text matching used");
      return null;
    } finally {
      clearTimeout(timeout);
    }
  };

  return {
    matcher,
    refresh,
    get size() {
      return index.size;
    },
    get loaded() {
      return loaded;
    },
    start() {
      void refresh().catch((err) => log.warn({ err: String(err) }, "semantic index load failed (retrying)"));
      timer = setInterval(
        () => void refresh().catch((err) => log.warn({ err: String(err) }, "semantic index refresh failed")),
        refreshMs,
      );
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type SemanticIndex = ReturnType<typeof createSemanticIndex>;
