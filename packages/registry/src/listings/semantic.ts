import { clip } from "@tollgate/core";
import type { Db } from "@tollgate/db";
import type { Logger } from "@tollgate/platform";
import { bytesToVector, dot, type Embedder, VectorIndex, vectorToBytes } from "@tollgate/semantic";
import { sql } from "kysely";
import { CATEGORY_PROFILES } from "./category-profiles.js";
import type { Match, QueryMatcher } from "./discover.js";
import { kindIds, listingKinds } from "./kinds.js";
import {
  type Candidate,
  fuse,
  gate,
  kindStemHashes,
  likelyCategories,
  looseOnly,
  MATCH,
  type MatchParams,
  needEvidence,
  stemHashes,
} from "./match.js";
import { needVector } from "./need-map.js";

/** What a listing is embedded from: its name, description and category words. */
export function listingText(l: { name: string; description: string; category: string }): string {
  return `${l.name}. ${l.description}. ${l.category.replace(/[._]/g, " ")}`;
}

/** The form a query is embedded (and cached) in. */
export const queryKey = (q: string) => clip(q.trim().replace(/\s+/g, " "), 500);

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

/**
 * A need's match among its candidates (the nearest listings by cosine, with what the fusion knows of each): the
 * ids that pass the gate, most relevant first, its likely categories and the kinds the gate asked for. Pure: the
 * index's matcher calls it, and so does the offline replay of the discovery benchmark.
 */
export function matchCandidates(
  key: string,
  v: Float32Array,
  candidates: readonly Candidate[],
  categoryVectors: { ids: readonly string[]; vectors: readonly Float32Array[] },
  params: MatchParams,
): Match {
  const categorySimilarity = new Map(
    categoryVectors.ids.map((id, i) => [id, dot(v, categoryVectors.vectors[i]!)]),
  );
  const need = needEvidence(key, params, v);
  return {
    ids: gate(
      fuse(need, candidates, categorySimilarity, params),
      params,
      need.kinds.length,
      params.looseKinds === "open" && looseOnly(need),
    ).map((s) => s.id),
    categories: likelyCategories(categorySimilarity, params, need.kinds),
    // The kinds the gate asked a listing to name (a no-match note names them).
    kinds: kindIds(params.kindGateOn === "primary" ? need.primary : need.kinds),
  };
}

export interface SemanticIndexOptions {
  /** How often new embeddings and delistings are picked up. */
  refreshMs?: number;
  /** The fusion weights and the gate (match.ts); MATCH unless a benchmark sweeps them. */
  match?: Partial<MatchParams>;
  /** A query whose vector takes longer falls back to plain-text matching. */
  embedTimeoutMs?: number;
}

const PAGE = 5000;
const OVERLAP_MS = 10_000;

/**
 * A replica's in-memory copy of every listing vector, following Postgres by `embedding_synced_at` (new
 * and edited listings) and `updated_at` (delistings), and the discover matcher over it: a need in words
 * → the ids relevant to it, most similar first. Until the first load completes and the model is ready, or
 * when the model cannot answer in time, the matcher returns null and discover falls back to plain-text
 * matching.
 */
export function createSemanticIndex(db: Db, embedder: Embedder, log: Logger, o: SemanticIndexOptions = {}) {
  const refreshMs = o.refreshMs ?? 1000;
  const params: MatchParams = { ...MATCH, ...o.match };
  const embedTimeoutMs = o.embedTimeoutMs ?? 2000;
  const index = new VectorIndex();
  /** The embedding stamp this replica holds per listing. */
  const stamps = new Map<string, number>();
  /** What the fusion needs besides the vector: the category and the hashed content stems. */
  const meta = new Map<
    string,
    { category: string; stems: Uint32Array; kinds: Uint16Array; kindStems?: Uint32Array }
  >();
  /** Each category's profile vector (category-profiles.ts, else its description), once the model is ready. */
  let categoryVectors: { ids: string[]; vectors: Float32Array[] } | null = null;
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
        meta.delete(r.id);
        stamps.set(r.id, r.embedding_synced_at!.getTime());
      }
      const wanted = changed.filter((x) => x.status !== "delisted");
      for (let i = 0; i < wanted.length; i += 1000) {
        const rows = await db
          .selectFrom("listings")
          .select(["id", "status", "embedding", "embedding_synced_at", "name", "description", "category"])
          .where(
            "id",
            "in",
            wanted.slice(i, i + 1000).map((w) => w.id),
          )
          .execute();
        for (const r of rows) {
          if (!r.embedding || !r.embedding_synced_at) continue;
          if (r.status === "delisted") {
            index.remove(r.id);
            meta.delete(r.id);
          } else {
            index.upsert(r.id, bytesToVector(r.embedding));
            const text = `${r.name} ${r.description}`;
            const kinds = listingKinds(text);
            meta.set(r.id, {
              category: r.category,
              stems: stemHashes(text),
              kinds,
              ...(params.kindWordsWeight > 0 ? { kindStems: kindStemHashes(kinds) } : {}),
            });
          }
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
      meta.delete(r.id);
    }
    if (modelReady) await loadCategories();
    safe = new Date(now.getTime() - OVERLAP_MS);
    loaded = true;
  }

  /** (Re)embeds the category profiles when the taxonomy changed (new ids) or on first use. */
  async function loadCategories() {
    const rows = await db.selectFrom("categories").select(["id", "description"]).orderBy("id").execute();
    const ids = rows.map((r) => r.id);
    if (categoryVectors && categoryVectors.ids.join("\n") === ids.join("\n")) return;
    const vectors = await embedder.embed(rows.map((r) => CATEGORY_PROFILES[r.id] ?? r.description));
    categoryVectors = { ids, vectors };
  }

  const refresh = () => {
    running ??= refreshOnce().finally(() => {
      running = null;
    });
    return running;
  };

  // Agents' needs repeat: the answer to a need is kept while the index is unchanged (any upsert or removal
  // moves its version), so a repeated need costs no scan. Bounded, oldest dropped first.
  const answers = new Map<string, { version: number; match: Match }>();
  const ANSWERS_MAX = 5000;

  const matcher: QueryMatcher = async (q) => {
    if (!loaded || !modelReady || !categoryVectors) return null;
    const key = queryKey(q);
    const known = answers.get(key);
    if (known && known.version === index.version) return known.match;
    let timeout: NodeJS.Timeout | undefined;
    try {
      const raw = await Promise.race([
        embedder.embedCached(key),
        new Promise<never>((_, reject) => {
          timeout = setTimeout(() => reject(new Error("query embedding timed out")), embedTimeoutMs);
        }),
      ]);
      // The need map carries the need towards the listings that serve such needs (need-map.ts); listings and the
      // demand clusters keep the model's own vectors.
      const v = needVector(raw, params);
      const candidates: Candidate[] = [];
      for (const h of index.search(v, params.candidates)) {
        const m = meta.get(h.id);
        if (m) candidates.push({ id: h.id, similarity: h.similarity, ...m });
      }
      const match = matchCandidates(key, v, candidates, categoryVectors, params);
      answers.delete(key);
      answers.set(key, { version: index.version, match });
      if (answers.size > ANSWERS_MAX) answers.delete(answers.keys().next().value!);
      return match;
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
    /** Whether the listing is in this replica's index (a listing not in it is matched by text, if at all). */
    has: (id: string) => meta.has(id),
    /** Changes whenever an answer of the matcher may change: the model became ready, or the index moved. */
    get state() {
      return `${loaded && modelReady && categoryVectors ? "meaning" : "text"}:${index.version}`;
    },
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
