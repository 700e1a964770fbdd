import type { ColumnType, Generated } from 'kysely';

// Table types for every migration, in one place. Datetimes are TEXT `YYYY-MM-DD hh:mm:ss` (UTC),
// which sorts and compares correctly on both databases; JSON columns are TEXT.

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
  /** T5: ISO 4217, IANA zone and BCP 47 tag the console shows the account's data in. */
  currency: Generated<string>;
  timezone: Generated<string>;
  locale: Generated<string>;
}

/** T1: a person of an account; `email` folded to lower case; no password until the welcome link is used. */
export interface PeopleTable {
  id: Generated<number>;
  account_id: number;
  email: string;
  role: string;
  password_hash: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

/** T1–T2: a welcome or reset link, by the SHA-256 of its token; single-use. */
export interface PersonLinksTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  person_id: number;
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** T2: a signed-in browser, by the SHA-256 of its cookie's token. */
export interface ConsoleSessionsTable {
  id: Generated<number>;
  token_hash: string;
  account_id: number;
  person_id: number;
  created_at: string;
  seen_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  prefix: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
  /** D8: 'full' or 'read' (GET and HEAD only). */
  scope: Generated<string>;
}

/** D5: an account's retention of user events; `by_event` is the JSON map `{"<event name>": days | null}`. */
export interface RetentionSettingsTable {
  account_id: number;
  user_events_days: number | null;
  by_event: Generated<string>;
  due_at: string;
  updated_at: string;
}

/** D7: one recorded administrative or destructive call (never a key or a body). */
export interface AuditLogTable {
  id: Generated<number>;
  account_id: number;
  time: string;
  key_prefix: string;
  method: string;
  path: string;
  status: number;
  request_id: string;
  summary: string;
  /** T4: the person who made the call (null: the key of key_prefix). */
  actor_email: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface UsersTable extends UserSegmentColumns {
  id: Generated<number>;
  account_id: number;
  service_uid: string | null;
  email: string | null;
  document: string | null;
  document_type: string | null;
  first_name: string | null;
  last_name: string | null;
  telephone: string | null;
  birthdate: string | null;
  gender: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  department: string | null;
  state: string | null;
  country: string | null;
  marital_status: string | null;
  tags: Generated<string>;
  points: Generated<number>;
  notes: string | null;
  club_inscription_date: string | null;
  mailing_enabled: Generated<number>;
  sms_enabled: Generated<number>;
  mailing_disabled_reason: string | null;
  sms_disabled_reason: string | null;
  createtime: string;
  updatetime: string;
}

export interface PointsTransactionsTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  concept: string;
  points: number;
  description: string | null;
  balance_after: number;
  createtime: string;
}

export interface AttributeDefinitionsTable {
  id: Generated<number>;
  account_id: number;
  kind: string;
  name: string;
  label: string;
  field_type: string;
  data_type: string;
  options: Generated<string>;
  group_name: string | null;
  created_at: string;
}

export interface AttributeValuesTable {
  account_id: number;
  definition_id: number;
  record_id: number;
  value: string;
}

export interface BlacklistEntriesTable {
  id: Generated<number>;
  account_id: number;
  list: string;
  value: string;
  createtime: string;
  /** 0 unless written by an upload (then its upload id); see migration 0008. */
  generation: ColumnType<number, number | undefined, number>;
  /** L7: why the value was put on the list one at a time (null for uploads). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface EventsTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  createtime: string;
}

export interface UserEventsTable {
  id: Generated<number>;
  account_id: number;
  event_id: number;
  user_id: number;
  datetime: string;
  metadata: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  account_id: number;
  code: string;
  name: string;
  parent_id: number | null;
  createtime: string;
}

export type RequestStatus = 'pending' | 'running' | 'done' | 'failed';

export interface RequestsTable {
  id: string;
  account_id: number;
  type: string;
  params: string;
  status: RequestStatus;
  result: string | null;
  notify_to: string | null;
  processed: Generated<number>;
  attempts: Generated<number>;
  claimed_by: string | null;
  lease_until: string | null;
  created: string;
  started: string | null;
  finished: string | null;
}

export type MailStatus = 'pending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  account_id: number;
  request_id: string | null;
  to_address: string;
  subject: string;
  body: string;
  status: MailStatus;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: string;
  claimed_by: string | null;
  lease_until: string | null;
  logged_at: string | null;
  created: string;
  sent_at: string | null;
}

export interface BenefitsTable {
  id: Generated<number>;
  account_id: number;
  slug: string;
  title: string;
  description: Generated<string>;
  status: Generated<number>;
  image_id: Generated<string>;
  user_id: Generated<string>;
  app_id: Generated<string>;
  app_code: Generated<string>;
  contenttype_id: Generated<string>;
  version: string | null;
  category_id: string | null;
  startdate: string;
  enddate: string;
  featured: Generated<number>;
  wallpublish: Generated<number>;
  monthly_redeems: Generated<number>;
  image_url: Generated<string>;
  points: Generated<number>;
  event_date: string;
  sku: Generated<string>;
  stock: number | null;
  out_stock_at: string | null;
  created: string;
  modified: string;
}

export interface CouponsTable {
  id: Generated<number>;
  account_id: number;
  benefit_id: number | null;
  user_id: number;
  code: string;
  points: number;
  createtime: string;
}

export interface IntegrationStatsTable {
  id: Generated<number>;
  account_id: number;
  createtime: string;
  data: string;
}

export interface BlacklistUploadsTable {
  id: Generated<number>;
  account_id: number;
  /** open while streaming; applied once committed; swept when abandoned. */
  status: string;
  created_at: string;
  touched_at: string;
}

export interface BlacklistStagingTable {
  upload_id: number;
  line: number;
  email: string | null;
  telephone: string | null;
}

export interface BlacklistLocksTable {
  account_id: number;
  list: string;
  updated_at: string;
  /** Who changes the list right now (an upload id, or a DELETE's token), until held_until. */
  holder: ColumnType<string | null, string | null | undefined, string | null>;
  held_until: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A generation of a list that is not simply live: writing, retired, or made live by an upload. */
export interface BlacklistGenerationsTable {
  account_id: number;
  list: string;
  generation: number;
  state: 'writing' | 'live' | 'retired';
  created_at: string;
  /** Entries the generation holds once live (0 until then; not kept for generation 0). */
  entries: Generated<number>;
}

export interface OneTimeClaimsTable {
  name: string;
  claimed_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  account_id: number;
  sku: string;
  name: string;
  base_name: string | null;
  brand: string | null;
  description: string | null;
  url: string | null;
  image_url: string | null;
  thumbnail_url: string | null;
  price: number | null;
  offer_price: number | null;
  stock: number | null;
  available: Generated<number>;
  category_id: number | null;
  /** JSON: array of {name, value} or an object of strings, as given. */
  specifications: string | null;
  /** JSON object. */
  metadata: string | null;
  createtime: string;
  updatetime: string;
}

export interface BranchesTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  /** lower(trim(name)): the uniqueness key (P4). */
  name_key: string;
  /** JSON object of the other BranchModel fields. */
  data: Generated<string>;
  createtime: string;
  updatetime: string;
}

export interface PurchasesTable {
  id: Generated<number>;
  account_id: number;
  invoice_number: string;
  user_id: number;
  branch_id: number | null;
  channel: string | null;
  points: Generated<number>;
  price_cost: Generated<number>;
  price_shipping: Generated<number>;
  price_gross: Generated<number>;
  price_tax: Generated<number>;
  price_discount: Generated<number>;
  price_total: Generated<number>;
  /** JSON array of payment objects. */
  payment: Generated<string>;
  /** JSON object or null. */
  seller: string | null;
  metadata: string | null;
  createtime: string;
  approvedtime: string | null;
}

export interface PurchaseItemsTable {
  id: Generated<number>;
  account_id: number;
  purchase_id: number;
  position: number;
  sku: string;
  product_name: string;
  quantity: number;
  unit_price: number;
  /** JSON object of the item's other fields (variations, category, brand, urls, warranties). */
  data: Generated<string>;
}

export interface AbandonedCartsTable extends AbandonedCartSegmentColumns {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  external_id: string;
  /** JSON object: products, total_price, source, recovered, recover_url. */
  data: Generated<string>;
  createtime: string;
}

export interface FamilyMembersTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  uid: string | null;
  /** JSON object of the member's other fields (U9). */
  data: Generated<string>;
  createtime: string;
  updatetime: string;
}

/** Migration 0022: one failed sign-in, counted by T2's and U13's limits (db/sign-in-failures.ts). */
export interface SignInFailuresTable {
  scope: string;
  subject: string;
  /** Unix milliseconds. */
  failed_at: number;
}

/** Migration 0024: a club member's password, only its scrypt hash (U13, lib/passwords.ts). */
export interface ClubPasswordsTable {
  account_id: number;
  user_id: number;
  password_hash: string;
  updatetime: string;
}

export interface RateLimitsTable {
  account_id: number;
  /** Unix seconds at which the fixed window starts. */
  window_start: number;
  hits: number;
}

/**
 * Migration 0012 (D6): one Idempotency-Key of an account. `status` is null while the first request
 * runs; then it and `body` (the answer's JSON text) are what a retry gets again. `claim` names the
 * request holding the key (a takeover of a dead claim changes it); times are Unix milliseconds.
 */
export interface IdempotencyKeysTable {
  account_id: number;
  key: string;
  method: string;
  /** sha256 (hex) of the path with its query, as received. */
  path_hash: string;
  /** sha256 (hex) of the raw body (multipart: of its Content-Length; docs/idempotency.md). */
  body_hash: string;
  claim: string;
  claimed_at: number;
  expires_at: number;
  status: number | null;
  body: string | null;
}

/** A nullable text column that inserts may leave out. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

/**
 * Migration 0011: columns added to `users` for segments (SG2). The `*_folded` columns hold the U3
 * fold (src/lib/fold.ts) of the profile text field of the same name, null when the field is null or
 * blank; `tags_folded` the folded tags as `|tag|tag|` (null when there are none); the `*_list_key`
 * columns the e-mail and telephone as the blacklists normalise them (L2), null when they cannot be
 * on a list. Written with src/db/folded-columns.ts on every write of those fields.
 */
export interface UserSegmentColumns {
  service_uid_folded: OptionalText;
  email_folded: OptionalText;
  document_folded: OptionalText;
  telephone_folded: OptionalText;
  first_name_folded: OptionalText;
  last_name_folded: OptionalText;
  gender_folded: OptionalText;
  street_folded: OptionalText;
  city_folded: OptionalText;
  department_folded: OptionalText;
  state_folded: OptionalText;
  country_folded: OptionalText;
  postcode_folded: OptionalText;
  marital_status_folded: OptionalText;
  tags_folded: OptionalText;
  email_list_key: OptionalText;
  telephone_list_key: OptionalText;
}

/** Migration 0011: `abandoned_carts.recovered` (1/0), the `recovered` of its `data`, for segments. */
export interface AbandonedCartSegmentColumns {
  recovered: ColumnType<number, number | undefined, number>;
}

export interface SegmentsTable {
  id: Generated<number>;
  account_id: number;
  /** SG1: from the title at creation, unique per account, never changes. */
  slug: string;
  title: string;
  /** fold(title) (U3), for the listing's search. */
  title_folded: string;
  description: string | null;
  /** JSON text of the SG2 definition, as given. */
  definition: string;
  advanced: number;
  createtime: string;
  updatetime: string;
}

/** Which segments a segment's definition refers to (SG2 `segment` conditions), for SG4's delete rule. */
export interface SegmentReferencesTable {
  account_id: number;
  segment_id: number;
  referenced_id: number;
}

/**
 * Migration 0011: each scalar of a stored custom attribute value of a user (`attribute_values` row
 * of a `users` definition) as SQL compares it: one row per array element, `position` 0 for a scalar.
 * `text_value` is the U3 fold of a string (a timestamp's `YYYY-MM-DD hh:mm:ss` is its own fold),
 * `number_value` an integer or float. Deleted with their attribute_values row (foreign key).
 */
export interface AttributeValueItemsTable {
  account_id: number;
  definition_id: number;
  record_id: number;
  position: number;
  text_value: string | null;
  number_value: number | null;
}

/**
 * Migration 0015: the customers a bulk erasure (D4) still has to erase, frozen when it was accepted;
 * each row goes in the transaction that erases its customer.
 */
export interface ErasureMembersTable {
  /** The UUID the bulk erasure's request carries in its params. */
  erasure_id: string;
  account_id: number;
  user_id: number;
}

export type WebhookEndpointStatus = 'enabled' | 'disabled';

export interface WebhookEndpointsTable {
  id: Generated<number>;
  account_id: number;
  url: string;
  /** JSON array of W2 event types; ["*"] for all. */
  events: string;
  description: string;
  status: WebhookEndpointStatus;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  failing_since: string | null;
  createtime: string;
  updatetime: string;
}

export type WebhookMessageStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookMessagesTable {
  id: Generated<number>;
  message_id: string;
  account_id: number;
  endpoint_id: number;
  /** The customer whose data the body carries (erased with it, D1). */
  user_id: number | null;
  type: string;
  /** The JSON body exactly as signed and sent. */
  body: string;
  status: WebhookMessageStatus;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  lease_until: string | null;
  response_status: number | null;
  response_body: string | null;
  duration_ms: number | null;
  error: string | null;
  last_attempt_at: string | null;
  createtime: string;
}

/** M1: a folder of mailings; the name is unique per account. */
export interface MailingFoldersTable {
  id: Generated<number>;
  account_id: number;
  name: string;
  createtime: string;
  updatetime: string;
}

export type MailingStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'cancelled';

/** M2: `body` as given; `html` the body compiled (MJML) and `links` its link targets (JSON array). */
export interface MailingsTable {
  id: Generated<number>;
  account_id: number;
  folder_id: number | null;
  name: string;
  name_folded: string;
  subject: string;
  preheader: string | null;
  from_name: string | null;
  from_email: string;
  reply_to: string | null;
  format: 'html' | 'mjml';
  body: string;
  html: string;
  /** null: derived from the HTML when rendered. */
  text: string | null;
  links: string;
  segment_id: number | null;
  track_opens: Generated<number>;
  track_clicks: Generated<number>;
  status: MailingStatus;
  send_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  createtime: string;
  updatetime: string;
}

export type RecipientStatus = 'pending' | 'sent' | 'failed' | 'bounced' | 'suppressed';

/** M5–M7: one customer of a mailing's frozen audience. */
export interface MailingRecipientsTable {
  id: Generated<number>;
  account_id: number;
  mailing_id: number;
  user_id: number;
  email: string | null;
  status: RecipientStatus;
  reason: string | null;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  lease_until: string | null;
  sent_at: string | null;
  opened_at: string | null;
  clicked_at: string | null;
  unsubscribed_at: string | null;
  /** When the SMTP server refused it with a 5xx (SG9's `bounced`), migration 0020. */
  bounced_at: string | null;
}

/** M8: the key that signs an account's public tokens. */
export interface MailingKeysTable {
  account_id: number;
  secret: string;
  createtime: string;
}

export interface DB {
  accounts: AccountsTable;
  people: PeopleTable;
  person_links: PersonLinksTable;
  console_sessions: ConsoleSessionsTable;
  one_time_claims: OneTimeClaimsTable;
  api_keys: ApiKeysTable;
  users: UsersTable;
  points_transactions: PointsTransactionsTable;
  attribute_definitions: AttributeDefinitionsTable;
  attribute_values: AttributeValuesTable;
  blacklist_entries: BlacklistEntriesTable;
  events: EventsTable;
  user_events: UserEventsTable;
  categories: CategoriesTable;
  requests: RequestsTable;
  mail_outbox: MailOutboxTable;
  benefits: BenefitsTable;
  coupons: CouponsTable;
  integration_stats: IntegrationStatsTable;
  blacklist_uploads: BlacklistUploadsTable;
  blacklist_staging: BlacklistStagingTable;
  blacklist_locks: BlacklistLocksTable;
  blacklist_generations: BlacklistGenerationsTable;
  products: ProductsTable;
  branches: BranchesTable;
  purchases: PurchasesTable;
  purchase_items: PurchaseItemsTable;
  abandoned_carts: AbandonedCartsTable;
  family_members: FamilyMembersTable;
  rate_limits: RateLimitsTable;
  sign_in_failures: SignInFailuresTable;
  club_passwords: ClubPasswordsTable;
  segments: SegmentsTable;
  segment_references: SegmentReferencesTable;
  attribute_value_items: AttributeValueItemsTable;
  erasure_members: ErasureMembersTable;
  idempotency_keys: IdempotencyKeysTable;
  audit_log: AuditLogTable;
  retention_settings: RetentionSettingsTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_messages: WebhookMessagesTable;
  mailing_folders: MailingFoldersTable;
  mailings: MailingsTable;
  mailing_recipients: MailingRecipientsTable;
  mailing_keys: MailingKeysTable;
  segment_members: SegmentMembersTable;
  segment_changes: SegmentChangesTable;
  segment_dirty: SegmentDirtyTable;
  segment_live: SegmentLiveTable;
  value_scores: ValueScoresTable;
  value_snapshots: ValueSnapshotsTable;
}

/** Migration 0027: U14's scores of the account's current snapshot, one row per scored customer. */
export interface ValueScoresTable {
  account_id: number;
  user_id: number;
  recency: number;
  frequency: number;
  monetary: number;
  value_group: string;
  /** The customer's 365-day purchase total in 1/10,000 units. */
  total_units: number;
}

/** Migration 0027: per account, its current value-group snapshot and the next daily refresh. */
export interface ValueSnapshotsTable {
  account_id: number;
  computed_at: string;
  /** The refresh that wrote it (a background request's key, or the daily one's). */
  run: string;
  scored: number;
  due_at: string;
}

/** Migration 0021: who is in each segment as last evaluated (SG7). */
export interface SegmentMembersTable {
  account_id: number;
  segment_id: number;
  user_id: number;
  since: string;
}

/** Migration 0021: SG8's transitions, kept 90 days. */
export interface SegmentChangesTable {
  id: Generated<number>;
  account_id: number;
  segment_id: number;
  user_id: number;
  type: 'entered' | 'exited';
  at: string;
}

/** Migration 0021: customers to re-evaluate, written by triggers in the transaction of each write. */
export interface SegmentDirtyTable {
  id: Generated<number>;
  account_id: number;
  user_id: number;
  /** Migration 0026: the table whose write made the mark (null: older marks, every segment concerned). */
  source: string | null;
}

/** Migration 0021: the whole-segment refresh of each segment. */
export interface SegmentLiveTable {
  segment_id: number;
  account_id: number;
  /** Bumped by every redefinition: a refresh under an older definition stops. */
  version: Generated<number>;
  refresh_requested: Generated<number>;
  /** Whether the requested refresh announces its transitions (0: silent, a new segment's first members). */
  refresh_announce: Generated<number>;
  /** Whether the run under way announces. */
  run_announce: Generated<number>;
  refreshed_at: string | null;
  holder: string | null;
  lease_until: string | null;
  /** The last customer id the refresh in progress has evaluated. */
  cursor: Generated<number>;
  started_at: string | null;
}
