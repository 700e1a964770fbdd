export {
  type BackgroundRequest,
  type BlacklistUploadOptions,
  type BlacklistUploadResult,
  type Call,
  type HttpMethod,
  type ItemOf,
  type ListPath,
  type PathsWith,
  type Payload,
  type RapportClient,
  type RapportClientOptions,
  type RawClient,
  type Unwrap,
  type WaitOptions,
  createRapportClient,
  unwrapEnvelope,
} from './client.js';
export { RapportError, RapportTimeoutError } from './errors.js';
export { decodeBase64Url, encodeBase64Url, encodeBranchName, encodeSku, encodeUserRef } from './ids.js';
export type {
  Mailing,
  MailingAudience,
  MailingChanges,
  MailingFolder,
  MailingFoldersApi,
  MailingInput,
  MailingListQuery,
  MailingPreview,
  MailingRecipient,
  MailingRecipientStatus,
  MailingRecipientsQuery,
  MailingStats,
  MailingStatus,
  MailingsApi,
} from './mailings-client.js';
export { type PaginateOptions, paginate } from './pagination.js';
export { type RetryOptions, type Sleep, defaultSleep, retryAfterMs, retryDelay } from './retry.js';
export * from './segments.js';
export type {
  Segment,
  SegmentExportFile,
  SegmentExportOptions,
  SegmentInput,
  SegmentListQuery,
  SegmentMember,
  SegmentMembersQuery,
  SegmentPreview,
  SegmentRef,
  SegmentsApi,
  UserSegment,
} from './segments-client.js';
export type { UploadProgress, UploadSource } from './upload.js';
export * from './webhooks.js';
export type {
  RotatedWebhookSecret,
  WebhookChanges,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
  WebhookEventFilter,
  WebhookInput,
  WebhooksApi,
} from './webhooks-client.js';
export type { components, operations, paths } from './schema.js';
