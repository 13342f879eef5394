import { type Kysely, sql } from "kysely";

// Frozen: never edit after it has landed; add a new dated migration instead.

const CATEGORIES: [string, string][] = [
  ["data.weather", "Weather observations and forecasts"],
  ["data.finance", "Market prices, fundamentals, FX"],
  ["data.crypto", "On-chain and crypto market data"],
  ["data.maps", "Geocoding, routing, places"],
  ["data.news", "News and media monitoring"],
  ["data.sports", "Scores, fixtures, odds"],
  ["data.company", "Company registries and business data"],
  ["data.people", "People and contact enrichment"],
  ["data.science", "Scientific and research data"],
  ["data.government", "Public-sector and legal data"],
  ["data.other", "Other datasets"],
  ["compute.inference", "Model inference (LLM, embeddings)"],
  ["compute.image", "Image generation and vision"],
  ["compute.audio", "Speech, transcription, audio generation"],
  ["compute.code", "Code execution and sandboxes"],
  ["compute.other", "Other compute"],
  ["web.search", "Web search"],
  ["web.scrape", "Scraping and page extraction"],
  ["web.browser", "Headless browser sessions"],
  ["identity.kyc", "Identity and KYC checks"],
  ["identity.email", "Email validation and lookup"],
  ["commerce.shipping", "Shipping rates and tracking"],
  ["commerce.products", "Product catalogues and prices"],
  ["communication.sms", "SMS and messaging"],
  ["storage.files", "File storage and pinning"],
  ["agent.tools", "Agents and agent tools sold per call"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("categories")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto("categories" as never)
    .values(CATEGORIES.map(([id, description]) => ({ id, description })) as never)
    .execute();

  await db.schema
    .createTable("listings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("endpoint_url", "text", (c) => c.notNull())
    .addColumn("endpoint_canonical", "text", (c) => c.notNull())
    .addColumn("host", "text", (c) => c.notNull())
    .addColumn("registered_domain", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().references("categories.id"))
    .addColumn("kind", "text", (c) => c.notNull().defaultTo("api"))
    .addColumn("price_amount", "double precision", (c) => c.notNull())
    .addColumn("price_currency", "text", (c) => c.notNull().defaultTo("USDC"))
    .addColumn("chains", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{base}'`))
    .addColumn("request_schema", "jsonb")
    .addColumn("response_schema", "jsonb")
    .addColumn("sample_query", "text")
    .addColumn("submitter_email", "text")
    .addColumn("facilitator_url", "text")
    .addColumn("origin", "text", (c) => c.notNull().defaultTo("submitted"))
    .addColumn("ephemeral", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("self_referential", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("unverified"))
    .addColumn("status_changed_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("delisted_at", "timestamptz")
    .addColumn("delisted_reason", "text")
    .addColumn("fee_payment_id", "uuid")
    // probe state, kept exact by the prober
    .addColumn("score", "double precision")
    .addColumn("probe_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("probes_passed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("probes_failed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_probed_at", "timestamptz")
    .addColumn("last_ok_at", "timestamptz")
    .addColumn("p50_latency_ms", "double precision")
    .addColumn("p95_latency_ms", "double precision")
    .addColumn("p99_latency_ms", "double precision")
    .addColumn("probe_interval_s", "integer", (c) => c.notNull().defaultTo(900))
    .addColumn("probe_tier", "text", (c) => c.notNull().defaultTo("watch"))
    .addColumn("next_check_by", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("next_check_basis", "text")
    // the observed challenge
    .addColumn("x402_version", "integer")
    .addColumn("payment_protocols", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("mpp_methods", sql`text[]`)
    .addColumn("mpp_offers", "jsonb")
    .addColumn("transport", "text")
    .addColumn("verified_via", "text")
    .addColumn("obs_scheme", "text")
    .addColumn("obs_network", "text")
    .addColumn("obs_asset", "text")
    .addColumn("obs_pay_to", "text")
    .addColumn("accepts_count", "integer")
    .addColumn("accepts_index", "integer")
    .addColumn("amount_atomic", "text")
    .addColumn("amount_usd", "double precision")
    .addColumn("domain_name", "text")
    .addColumn("domain_version", "text")
    .addColumn("observed_at", "timestamptz")
    .addColumn("obs_first_seen_at", "timestamptz")
    .addColumn("price_changed_at", "timestamptz")
    .addColumn("pay_to_changed_at", "timestamptz")
    .addColumn("payto_distinct_recent", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payto_unstable", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("payto_sentinel", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("header_bytes", "integer")
    .addColumn("testnet", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("sample_ok", "boolean")
    // semantic matching
    .addColumn("embedding", "bytea")
    .addColumn("embedding_synced_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One active record per canonical endpoint; a delisted one may be listed again.
  await sql`CREATE UNIQUE INDEX listings_active_endpoint ON listings (endpoint_canonical) WHERE status <> 'delisted'`.execute(
    db,
  );
  await sql`CREATE INDEX listings_due ON listings (next_check_by) WHERE status <> 'delisted'`.execute(db);
  await sql`CREATE INDEX listings_domain ON listings (registered_domain)`.execute(db);
  await sql`CREATE INDEX listings_created ON listings (created_at, id)`.execute(db);

  await db.schema
    .createTable("claim_credentials")
    .addColumn("listing_id", "text", (c) => c.primaryKey().references("listings.id"))
    .addColumn("token_sha256", "text", (c) => c.notNull())
    .addColumn("issued_via", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("issued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("claim_challenges")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await sql`CREATE INDEX claim_challenges_listing ON claim_challenges (listing_id, expires_at)`.execute(db);

  await db.schema
    .createTable("status_changes")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("reasons", sql`text[]`, (c) => c.notNull())
    .addColumn("probe_id", "bigint")
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX status_changes_at ON status_changes (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX status_changes_listing ON status_changes (listing_id, at)`.execute(db);

  await db.schema
    .createTable("probes")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("slot", "bigint", (c) => c.notNull())
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("failure_reason", "text")
    .addColumn("http_status", "integer")
    .addColumn("latency_ms", "double precision", (c) => c.notNull())
    .addColumn("verified_via", "text")
    .addColumn("pay_to", "text")
    .addColumn("amount_atomic", "text")
    .addColumn("detail", "jsonb")
    .addUniqueConstraint("probes_listing_slot", ["listing_id", "slot"])
    .execute();
  await sql`CREATE INDEX probes_listing_at ON probes (listing_id, at DESC)`.execute(db);
  await sql`CREATE INDEX probes_at ON probes (at)`.execute(db);

  await db.schema
    .createTable("probe_daily")
    .addColumn("listing_id", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("probes", "integer", (c) => c.notNull())
    .addColumn("passed", "integer", (c) => c.notNull())
    .addColumn("failed", "integer", (c) => c.notNull())
    .addColumn("neutral", "integer", (c) => c.notNull())
    .addColumn("latency_ms_sum", "double precision", (c) => c.notNull())
    .addPrimaryKeyConstraint("probe_daily_pk", ["listing_id", "day"])
    .execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("resource", "text", (c) => c.notNull())
    .addColumn("listing_id", "text")
    .addColumn("payer", "text", (c) => c.notNull())
    .addColumn("nonce", "text", (c) => c.notNull())
    .addColumn("amount_atomic", "numeric", (c) => c.notNull())
    .addColumn("asset", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("pay_to", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("tx_hash", "text")
    .addColumn("error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("settled_at", "timestamptz")
    .addUniqueConstraint("payments_payer_nonce", ["payer", "nonce"])
    .execute();
  await sql`CREATE INDEX payments_route_settled ON payments (route, settled_at) WHERE status = 'settled'`.execute(
    db,
  );

  await db.schema
    .createTable("attestations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("listing_id", "text", (c) => c.notNull())
    .addColumn("kid", "text", (c) => c.notNull())
    .addColumn("jws", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("issued_at", "timestamptz", (c) => c.notNull())
    .addColumn("valid_until", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("purchases")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("listing_id", "text", (c) => c.notNull().references("listings.id"))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("delivered", "boolean", (c) => c.notNull())
    .addColumn("tx_hash", "text")
    .addColumn("amount_usdc", "double precision")
    .addColumn("quote_amount_atomic", "text")
    .addColumn("listed_price", "double precision")
    .addColumn("http_status", "integer")
    .addColumn("json_valid", "boolean")
    .addColumn("schema_valid", "boolean")
    .addColumn("fresh", "boolean")
    .addColumn("body_sha256", "text")
    .addColumn("failure_reason", "text")
    .addColumn("note", "text")
    .addColumn("dry_run", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await sql`CREATE INDEX purchases_listing_at ON purchases (listing_id, at)`.execute(db);

  await db.schema
    .createTable("search_log")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull().unique())
    .addColumn("at", "timestamptz", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("query", "text")
    .addColumn("category", "text")
    .addColumn("client_hash", "text", (c) => c.notNull())
    .addColumn("result_count", "integer", (c) => c.notNull())
    .addColumn("result_ids", sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn("params", "jsonb")
    .execute();
  await sql`CREATE INDEX search_log_at ON search_log (at)`.execute(db);

  await db.schema
    .createTable("demand_snapshots")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("built_at", "timestamptz", (c) => c.notNull())
    .addColumn("window_start", "timestamptz", (c) => c.notNull())
    .addColumn("window_end", "timestamptz", (c) => c.notNull())
    .addColumn("searches_total", "integer", (c) => c.notNull())
    .addColumn("searches_ungrouped", "integer", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX demand_snapshots_kind ON demand_snapshots (kind, built_at DESC)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    "demand_snapshots",
    "search_log",
    "purchases",
    "attestations",
    "payments",
    "probe_daily",
    "probes",
    "status_changes",
    "claim_challenges",
    "claim_credentials",
    "listings",
    "categories",
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
