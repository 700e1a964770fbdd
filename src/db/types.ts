import type { Generated } from 'kysely';

// Table types for every migration, in one place. Datetimes are TEXT `YYYY-MM-DD hh:mm:ss` (UTC),
// which sorts and compares correctly on both databases; JSON columns are TEXT.

export interface AccountsTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  account_id: number;
  prefix: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface UsersTable {
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
}

export interface OneTimeClaimsTable {
  name: string;
  claimed_at: string;
}

export interface DB {
  accounts: AccountsTable;
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
}
