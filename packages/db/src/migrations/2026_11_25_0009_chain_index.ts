import { type Kysely, sql } from "kysely";

// Frozen once landed. The USDC index the chain-indexer writes (one writer, under an advisory lock):
// - chain_transfers: one row per Transfer log to a watched payTo, unique by (tx_hash, log_index) so a
//   re-read range (restart, reorg) never counts a payment twice; `call_kind` classifies the transaction's
//   call data lazily (eip3009 / plain / other) for the payment shape.
// - chain_blocks: hashes of blocks the index has read (range ends and blocks holding logs), to notice a
//   reorg and find the newest block still on the canonical chain.
// - chain_watch: the cursor, per watched address (lowercase): every block up to synced_to is indexed.
// - listings.onchain / onchain_checked_at: the 30-day figures for the listing's payTo, refreshed by the
//   indexer (null until its payTo is caught up).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("chain_transfers")
    .addColumn("tx_hash", "text", (c) => c.notNull())
    .addColumn("log_index", "integer", (c) => c.notNull())
    .addColumn("block_number", "bigint", (c) => c.notNull())
    .addColumn("block_hash", "text", (c) => c.notNull())
    .addColumn("block_time", "timestamptz", (c) => c.notNull())
    .addColumn("from_addr", "text", (c) => c.notNull())
    .addColumn("to_addr", "text", (c) => c.notNull())
    .addColumn("amount_atomic", "numeric", (c) => c.notNull())
    .addColumn("call_kind", "text")
    .addPrimaryKeyConstraint("chain_transfers_pk", ["tx_hash", "log_index"])
    .execute();
  await sql`CREATE INDEX chain_transfers_to_time ON chain_transfers (to_addr, block_time DESC)`.execute(db);
  await sql`CREATE INDEX chain_transfers_block ON chain_transfers (block_number)`.execute(db);
  await db.schema
    .createTable("chain_blocks")
    .addColumn("number", "bigint", (c) => c.primaryKey())
    .addColumn("hash", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("chain_watch")
    .addColumn("address", "text", (c) => c.primaryKey())
    .addColumn("synced_to", "bigint", (c) => c.notNull())
    .addColumn("added_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .alterTable("listings")
    .addColumn("onchain", "jsonb")
    .addColumn("onchain_checked_at", "timestamptz")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("listings").dropColumn("onchain").dropColumn("onchain_checked_at").execute();
  await db.schema.dropTable("chain_watch").ifExists().execute();
  await db.schema.dropTable("chain_blocks").ifExists().execute();
  await db.schema.dropTable("chain_transfers").ifExists().execute();
}
