import type { CoreClient, ItemOf, Payload } from './calls.js';
import type { PaginateOptions } from './pagination.js';

// `rapport.mailings.*` and `rapport.mailingFolders.*`: the calls of M1–M7 (folders, mailings, their
// preview and test sends, sending, and the recipients of a sent mailing, also as an iterator).

/** M1: a folder, with how many mailings it holds. */
export type MailingFolder = Payload<'get', '/mailingfolders/{id}'>;
/** M2: a mailing as the API answers it, `stats` (M7) included. */
export type Mailing = Payload<'get', '/mailings/{id}'>;
export type MailingStatus = Mailing['status'];
export type MailingStats = Mailing['stats'];
/** M4: the subject, preheader, HTML and text rendered for one customer. */
export type MailingPreview = Payload<'post', '/mailings/{id}/preview'>;
/** Rapport's own: who a mailing would reach if sent now (its segment's members, reachable and suppressed by reason). */
export type MailingAudience = Payload<'get', '/mailings/{id}/audience'>;
/** M7: one recipient of a mailing. */
export type MailingRecipient = ItemOf<'/mailings/{id}/recipients'>;
export type MailingRecipientStatus = MailingRecipient['status'];

export interface MailingFoldersApi {
  /** `GET /mailingfolders`: one page of folders, name order. */
  list(query?: { page?: number; limit?: number }): Promise<MailingFolder[]>;
  /** `GET /mailingfolders/{id}` (404: RapportError). */
  get(id: number): Promise<MailingFolder>;
  /** `POST /mailingfolders`: a name already used in the account is a RapportError 400. */
  create(input: { name: string }): Promise<MailingFolder>;
  /** `PUT /mailingfolders/{id}`: renames it. */
  update(id: number, changes: { name: string }): Promise<MailingFolder>;
  /** `DELETE /mailingfolders/{id}`: its mailings stay, without a folder. */
  delete(id: number): Promise<{ id: number; deleted: true }>;
}

export interface MailingInput {
  name: string;
  /** A Liquid template, e.g. `Hello {{ customer.first_name | default: "there" }}`. */
  subject: string;
  /** A Liquid template in HTML, or in MJML with `format: 'mjml'` (compiled at save). */
  body: string;
  format?: 'html' | 'mjml';
  folder_id?: number;
  preheader?: string;
  from_name?: string;
  /** Default: the server's MAIL_FROM. */
  from_email?: string;
  reply_to?: string;
  /** The plain part; default: the HTML as plain text. */
  text?: string;
  segment_id?: number;
  /** Both off unless turned on. */
  tracking?: { opens?: boolean; clicks?: boolean };
}

/** M2: only a draft or scheduled mailing changes; `null` clears these four fields. */
export type MailingChanges = Partial<Omit<MailingInput, 'folder_id' | 'segment_id' | 'preheader' | 'reply_to'>> & {
  folder_id?: number | null;
  segment_id?: number | null;
  preheader?: string | null;
  reply_to?: string | null;
};

export interface MailingListQuery {
  page?: number;
  limit?: number;
  folder_id?: number;
  status?: MailingStatus;
  /** Every word a part of the name; case and accents ignored. */
  search?: string;
}

export interface MailingRecipientsQuery {
  page?: number;
  limit?: number;
  status?: MailingRecipientStatus;
}

export interface MailingsApi {
  /** `GET /mailings`: one page, newest first. */
  list(query?: MailingListQuery): Promise<Mailing[]>;
  /** `GET /mailings/{id}`, with its current `stats` (404: RapportError). */
  get(id: number): Promise<Mailing>;
  /** `POST /mailings`: a draft. A template that does not parse is a RapportError 400 naming the field, line and column. */
  create(input: MailingInput): Promise<Mailing>;
  /** `PUT /mailings/{id}`: only what is given changes; once sending, a RapportError 400 saying its status. */
  update(id: number, changes: MailingChanges): Promise<Mailing>;
  /** `DELETE /mailings/{id}`: the mailing and its recipients (not while sending). */
  delete(id: number): Promise<{ id: number; deleted: true }>;
  /** `POST /mailings/{id}/copy`: a new draft with the same content (how a sent mailing is sent again). */
  copy(id: number): Promise<Mailing>;
  /** `POST /mailings/{id}/preview`: rendered for that customer (default: the segment's first member, or sample values). */
  preview(id: number, userappId?: number): Promise<MailingPreview>;
  /** `GET /mailings/{id}/audience`: counted as a send now would freeze it, nothing written; no segment is a RapportError 400 naming segment_id. */
  audience(id: number): Promise<MailingAudience>;
  /** `POST /mailings/{id}/test`: sends it now to 1–10 addresses, `[Test] ` before the subject. */
  test(id: number, emails: readonly string[], userappId?: number): Promise<{ sent: string[] }>;
  /** `POST /mailings/{id}/send`: freezes the audience and sends now, or at `sendAt` (G7 datetime). */
  send(id: number, options?: { sendAt?: string }): Promise<Mailing>;
  pause(id: number): Promise<Mailing>;
  resume(id: number): Promise<Mailing>;
  /** Nothing more is sent; recipients not sent yet stay `pending`. */
  cancel(id: number): Promise<Mailing>;
  /** `GET /mailings/{id}/recipients`: one page. */
  recipients(id: number, query?: MailingRecipientsQuery): Promise<MailingRecipient[]>;
  /** Every recipient (of a `status`), page by page, as the caller consumes them. */
  eachRecipient(id: number, query?: { status?: MailingRecipientStatus }, options?: PaginateOptions): AsyncGenerator<MailingRecipient, void, undefined>;
}

const positive = (what: string, id: number): number => {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`a ${what} id is a positive integer, got ${id}`);
  return id;
};

/** The folder calls over a client (read lazily: the client is being built when this is called). */
export function mailingFoldersApi(clientOf: () => CoreClient): MailingFoldersApi {
  const path = (id: number) => ({ params: { path: { id: positive('folder', id) } } });
  return {
    list: (query = {}) => clientOf().GET('/mailingfolders', { params: { query } }),
    get: (id) => clientOf().GET('/mailingfolders/{id}', path(id)),
    create: (input) => clientOf().POST('/mailingfolders', { body: input }),
    update: (id, changes) => clientOf().PUT('/mailingfolders/{id}', { ...path(id), body: changes }),
    delete: (id) => clientOf().DELETE('/mailingfolders/{id}', path(id)),
  };
}

/** The mailing calls over a client (read lazily: the client is being built when this is called). */
export function mailingsApi(clientOf: () => CoreClient): MailingsApi {
  const path = (id: number) => ({ params: { path: { id: positive('mailing', id) } } });
  return {
    list: (query = {}) => clientOf().GET('/mailings', { params: { query } }),
    get: (id) => clientOf().GET('/mailings/{id}', path(id)),
    create: (input) => clientOf().POST('/mailings', { body: input }),
    update: (id, changes) => clientOf().PUT('/mailings/{id}', { ...path(id), body: changes }),
    delete: (id) => clientOf().DELETE('/mailings/{id}', path(id)),
    copy: (id) => clientOf().POST('/mailings/{id}/copy', path(id)),
    preview: (id, userappId) => clientOf().POST('/mailings/{id}/preview', { ...path(id), body: userappId === undefined ? {} : { userapp_id: userappId } }),
    audience: (id) => clientOf().GET('/mailings/{id}/audience', path(id)),
    test: (id, emails, userappId) =>
      clientOf().POST('/mailings/{id}/test', { ...path(id), body: { emails: [...emails], ...(userappId === undefined ? {} : { userapp_id: userappId }) } }),
    send: (id, options = {}) => clientOf().POST('/mailings/{id}/send', { ...path(id), body: options.sendAt === undefined ? {} : { send_at: options.sendAt } }),
    pause: (id) => clientOf().POST('/mailings/{id}/pause', path(id)),
    resume: (id) => clientOf().POST('/mailings/{id}/resume', path(id)),
    cancel: (id) => clientOf().POST('/mailings/{id}/cancel', path(id)),
    recipients: (id, query = {}) => clientOf().GET('/mailings/{id}/recipients', { params: { path: { id: positive('mailing', id) }, query } }),
    eachRecipient: (id, query = {}, options) => clientOf().paginate('/mailings/{id}/recipients', { params: { path: { id: positive('mailing', id) }, query } }, options),
  };
}
