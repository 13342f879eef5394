import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json = ColumnType<unknown, string | undefined | null, string | null>;
/** numeric comes back from pg as a string. */
type Numeric = ColumnType<string, string | number | bigint, string | number | bigint>;

export interface CategoriesTable {
  id: string;
  description: string;
  created_at: Generated<Date>;
}

export interface ListingsTable {
  id: string;
  name: string;
  description: string;
  endpoint_url: string;
  endpoint_canonical: string;
  host: string;
  registered_domain: string;
  category: string;
  kind: Generated<string>;
  price_amount: number;
  price_currency: Generated<string>;
  chains: Generated<string[]>;
  request_schema: Json;
  response_schema: Json;
  sample_query: string | null;
  submitter_email: string | null;
  facilitator_url: string | null;
  origin: Generated<string>;
  ephemeral: Generated<boolean>;
  self_referential: Generated<boolean>;
  status: Generated<string>;
  status_changed_at: Generated<Date>;
  delisted_at: NullableTimestamp;
  delisted_reason: string | null;
  fee_payment_id: string | null;
  score: number | null;
  probe_count: Generated<number>;
  probes_passed: Generated<number>;
  probes_failed: Generated<number>;
  consecutive_failures: Generated<number>;
  last_probed_at: NullableTimestamp;
  last_ok_at: NullableTimestamp;
  p50_latency_ms: number | null;
  p95_latency_ms: number | null;
  p99_latency_ms: number | null;
  probe_interval_s: Generated<number>;
  probe_tier: Generated<string>;
  next_check_by: Generated<Date>;
  next_check_basis: string | null;
  x402_version: number | null;
  payment_protocols: Generated<string[]>;
  mpp_methods: string[] | null;
  mpp_offers: Json;
  paid_state: Json | null;
  last_purchase_at: NullableTimestamp;
  transport: string | null;
  verified_via: string | null;
  obs_scheme: string | null;
  obs_network: string | null;
  obs_asset: string | null;
  obs_pay_to: string | null;
  accepts_count: number | null;
  accepts_index: number | null;
  amount_atomic: string | null;
  amount_usd: number | null;
  domain_name: string | null;
  domain_version: string | null;
  observed_at: NullableTimestamp;
  obs_first_seen_at: NullableTimestamp;
  price_changed_at: NullableTimestamp;
  pay_to_changed_at: NullableTimestamp;
  payto_distinct_recent: Generated<number>;
  payto_unstable: Generated<boolean>;
  payto_sentinel: Generated<boolean>;
  header_bytes: number | null;
  testnet: Generated<boolean>;
  sample_ok: boolean | null;
  lease_until: NullableTimestamp;
  last_failed_at: NullableTimestamp;
  last_failure_reason: string | null;
  submitter_client_hash: string | null;
  embedding: Buffer | null;
  /** generated from name, description and category; never written */
  search_tsv: ColumnType<string, never, never>;
  /** Generated: the probe score blended with payer reports from 3 distinct payers (migration 0011). */
  ranking_score: ColumnType<number | null, never, never>;
  embedding_synced_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** 30-day on-chain figures for the payTo, written by the chain-indexer (OnchainFigures in @tollgate/registry). */
  onchain: Json;
  onchain_checked_at: NullableTimestamp;
  report_payers: Generated<number>;
  report_payers_ok: Generated<number>;
  report_last_at: NullableTimestamp;
}

export interface ClaimCredentialsTable {
  listing_id: string;
  token_sha256: string;
  issued_via: string;
  email: string | null;
  issued_at: Generated<Date>;
}

export interface ClaimChallengesTable {
  id: Generated<string>;
  listing_id: string;
  token: string;
  /** sha256 hex of the one-time claim secret returned with the challenge (null: issued before binding). */
  secret_sha256: string | null;
  created_at: Generated<Date>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface StatusChangesTable {
  id: Generated<string>;
  listing_id: string;
  from_status: string | null;
  to_status: string;
  reasons: string[];
  probe_id: string | null;
  at: Generated<Date>;
}

export interface ProbesTable {
  id: Generated<string>;
  listing_id: string;
  slot: ColumnType<string, string | number, string | number>;
  at: Generated<Date>;
  outcome: string;
  failure_reason: string | null;
  http_status: number | null;
  latency_ms: number;
  verified_via: string | null;
  pay_to: string | null;
  amount_atomic: string | null;
  detail: Json;
}

export interface ProbeDailyTable {
  listing_id: string;
  day: ColumnType<Date, string, string>;
  probes: number;
  passed: number;
  failed: number;
  neutral: number;
  latency_ms_sum: number;
}

export interface PaymentsTable {
  id: Generated<string>;
  route: string;
  resource: string;
  listing_id: string | null;
  payer: string;
  nonce: string;
  amount_atomic: Numeric;
  asset: string;
  network: string;
  pay_to: string;
  status: string;
  tx_hash: string | null;
  error: string | null;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
  request_sha256: string | null;
  payload_sha256: string | null;
  lease_id: string | null;
  lease_until: NullableTimestamp;
  valid_before: NullableTimestamp;
  answer_status: number | null;
  answer_sealed: string | null;
  work: Json | null;
  pending_key: string | null;
  finalized_at: NullableTimestamp;
  answer_delivered_at: NullableTimestamp;
  client_sha256: string | null;
}

export interface AttestationsTable {
  id: string;
  listing_id: string;
  kid: string;
  jws: string;
  payload: Json;
  issued_at: Timestamp;
  valid_until: Timestamp;
}

export interface PurchasesTable {
  id: Generated<string>;
  listing_id: string;
  at: Generated<Date>;
  outcome: string;
  delivered: boolean;
  tx_hash: string | null;
  amount_usdc: number | null;
  quote_amount_atomic: string | null;
  listed_price: number | null;
  http_status: number | null;
  json_valid: boolean | null;
  schema_valid: boolean | null;
  fresh: boolean | null;
  body_sha256: string | null;
  failure_reason: string | null;
  note: string | null;
  dry_run: Generated<boolean>;
  /** `paying` while a payment may be in flight; `recorded` once graded (never edited again). */
  state: Generated<string>;
  payer: string | null;
  pay_to: string | null;
  nonce: string | null;
  /** When the signed authorization stops being valid (null: written before this was kept). */
  valid_before: NullableTimestamp;
  content_type: string | null;
  latency_ms: number | null;
  plan_id: string | null;
  plan_seq: number | null;
}

export interface ServiceSettingsTable {
  name: string;
  value: Json;
  updated_at: Generated<Date>;
}

export interface SearchLogTable {
  id: Generated<string>;
  event_id: string;
  at: Timestamp;
  source: string;
  query: string | null;
  category: string | null;
  client_hash: string;
  result_count: number;
  result_ids: Generated<string[]>;
  params: Json;
  term: string | null;
  self_check: Generated<boolean>;
  categories: string[] | null;
}

export interface DemandAnswersTable {
  term: string;
  checked_at: Timestamp;
  result_count: number;
  top_ids: string[];
}

export interface DemandSnapshotsTable {
  id: Generated<string>;
  kind: string;
  built_at: Timestamp;
  window_start: Timestamp;
  window_end: Timestamp;
  searches_total: number;
  searches_ungrouped: number;
  payload: Json;
}

export interface OutcomeReportsTable {
  id: Generated<string>;
  listing_id: string;
  tx_hash: string;
  payer: string;
  pay_to: string;
  amount_atomic: Numeric;
  block_number: Numeric;
  ok: boolean;
  detail: string | null;
  created_at: Generated<Date>;
}

export interface VerifyPlansTable {
  id: Generated<string>;
  listing_id: string;
  kind: "single" | "pack";
  price_micros: Numeric;
  payment_tx: string;
  payer: string;
  state: Generated<"open" | "completed">;
  created_at: Generated<Date>;
  completed_at: NullableTimestamp;
}

export interface VerifyPlanPurchasesTable {
  plan_id: string;
  seq: number;
  due_at: Timestamp;
  state: Generated<"due" | "done">;
  purchase_id: string | null;
  done_at: Timestamp | null;
}

export interface ChainTransfersTable {
  tx_hash: string;
  log_index: number;
  /** bigint comes back from pg as a string. */
  block_number: ColumnType<string, string | number | bigint, string | number | bigint>;
  block_hash: string;
  block_time: Timestamp;
  from_addr: string;
  to_addr: string;
  amount_atomic: Numeric;
  call_kind: string | null;
}

export interface ChainBlocksTable {
  number: ColumnType<string, string | number | bigint, string | number | bigint>;
  hash: string;
}

export interface ChainWatchTable {
  address: string;
  synced_to: ColumnType<string, string | number | bigint, string | number | bigint>;
  added_at: Generated<Date>;
}

/** Every table of the record. */
export interface Database {
  categories: CategoriesTable;
  listings: ListingsTable;
  claim_credentials: ClaimCredentialsTable;
  outcome_reports: OutcomeReportsTable;
  claim_challenges: ClaimChallengesTable;
  status_changes: StatusChangesTable;
  probes: ProbesTable;
  probe_daily: ProbeDailyTable;
  payments: PaymentsTable;
  attestations: AttestationsTable;
  purchases: PurchasesTable;
  service_settings: ServiceSettingsTable;
  search_log: SearchLogTable;
  demand_snapshots: DemandSnapshotsTable;
  demand_answers: DemandAnswersTable;
  verify_plans: VerifyPlansTable;
  verify_plan_purchases: VerifyPlanPurchasesTable;
  chain_transfers: ChainTransfersTable;
  chain_blocks: ChainBlocksTable;
  chain_watch: ChainWatchTable;
}

export type ListingRow = Selectable<ListingsTable>;
export type NewListing = Insertable<ListingsTable>;
export type ListingUpdate = Updateable<ListingsTable>;
export type ProbeRow = Selectable<ProbesTable>;
export type StatusChangeRow = Selectable<StatusChangesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type PurchaseRow = Selectable<PurchasesTable>;
