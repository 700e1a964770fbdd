import { randomBytes } from 'node:crypto';
import type { Transactor } from '../../db/transactions.js';
import type { RecipientStatus } from '../../db/types.js';
import { toPage } from '../../http/pagination.js';
import { BadRequestError, NotFoundError, invalidField } from '../../lib/errors.js';
import { datetimeField, emailField, given } from '../../lib/fields.js';
import { fold } from '../../lib/fold.js';
import { type Clock, formatDateTime, stamp } from '../../lib/time.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { UserDirectory } from '../users/directory.js';
import type { UsersRepository } from '../users/repository.js';
import type { UserObject } from '../users/schemas.js';
import { type MessageLinks, type PreparedMailing, checkTemplates, linksOf, prepare, renderMessage, textSource } from './compose.js';
import { EMPTY_STATS, type AudienceCondition, type MailingRow, type MailingStats, type MailingsRepository, type RecipientRow } from './repository.js';
import type {
  AudienceObject,
  CreateMailingBody,
  CustomerMailing,
  MailingListQuery,
  MailingObject,
  PreviewBody,
  PreviewObject,
  RecipientObject,
  RecipientsQuery,
  SendBody,
  TestBody,
  UpdateMailingBody,
  UserMailingObject,
  UserMailingsQuery,
} from './schemas.js';
import { compileMjml } from './template.js';
import { type TokenClaims, type TokenPurpose, newTokenKey, readToken, signToken, verifyToken } from './tokens.js';
import type { MailingTransport } from './transport.js';

/** M2: a mailing may change only in these statuses. */
const EDITABLE = ['draft', 'scheduled'] as const;
/** Parsed templates kept per process (a mailing's version: its id and updatetime). */
const PREPARED_KEPT = 100;

/** The segments a mailing is sent to, as the segments module answers them. */
export interface Audiences {
  /** The segment's definition compiled over `users as u`; undefined when the account has no such segment. */
  condition(accountId: number, segmentId: number): Promise<AudienceCondition | undefined>;
  /** The segment's first member (M4's default preview customer). */
  firstMember(accountId: number, segmentId: number): Promise<UserObject | undefined>;
}

export interface MailingsConfig {
  mailFrom: string;
  /** M8: where the public routes are reached, without a trailing slash. */
  publicUrl: string;
}

export interface MailingsDeps {
  mailings: MailingsRepository;
  tx: Transactor<{ mailings: MailingsRepository; webhookOutbox: WebhookOutbox; users: Pick<UsersRepository, 'update' | 'findById'> }>;
  folders: { exists(accountId: number, id: number): Promise<boolean> };
  audiences: Audiences;
  directory: Pick<UserDirectory, 'presentByIds' | 'requireByRef'>;
  accountName(accountId: number): Promise<string>;
  /** null when SMTP_URL is not configured: send and test are 400 (M5). */
  transport: MailingTransport | null;
  /** Wakes the sender loop (sender.ts) after a mailing starts or resumes. */
  wakeSender(): void;
  clock: Clock;
  config: MailingsConfig;
}

/** A sample customer for previews of a mailing without a segment member (M4). */
const SAMPLE_CUSTOMER = {
  userapp_id: 0,
  user_id: 0,
  service_uid: 'sample',
  email: 'alex.sample@example.com',
  first_name: 'Alex',
  last_name: 'Sample',
  telephone: null,
  city: 'Springfield',
  country: 'US',
  tags: [],
  points: 120,
  custom_attributes: {},
  mailing_enabled: true,
  sms_enabled: true,
};

export function presentRecipient(row: RecipientRow): RecipientObject {
  return {
    userapp_id: Number(row.user_id),
    email: row.email,
    status: row.status,
    reason: row.reason,
    attempts: Number(row.attempts),
    sent_at: row.sent_at,
    opened_at: row.opened_at,
    clicked_at: row.clicked_at,
    unsubscribed_at: row.unsubscribed_at,
  };
}

function fromParts(mailFrom: string): { name: string | null; address: string } {
  const match = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (match) return { name: match[1] ? match[1].replace(/^"|"$/g, '') : null, address: match[2]!.trim() };
  return { name: null, address: mailFrom.trim() };
}

/** A new draft's state: never sent, created now (a created or a copied mailing). */
function freshDraft(now: string) {
  return { status: 'draft' as const, send_at: null, started_at: null, finished_at: null, createtime: now, updatetime: now };
}

/** M2–M8: mailings, their templates, previews, test sends, the start of sending and the public tokens. */
export class MailingsService {
  private readonly prepared = new Map<string, PreparedMailing>();
  private readonly tokenKeys = new Map<number, Promise<string>>();

  constructor(private readonly deps: MailingsDeps) {}


  get smtpConfigured(): boolean {
    return this.deps.transport !== null;
  }

  // ---- M2: the mailing object ----

  async present(rows: MailingRow[]): Promise<MailingObject[]> {
    if (rows.length === 0) return [];
    const accountId = Number(rows[0]!.account_id);
    const stats = await this.deps.mailings.stats(
      accountId,
      rows.filter((row) => row.status !== 'draft' && row.status !== 'scheduled').map((row) => Number(row.id)),
    );
    return rows.map((row) => this.presentOne(row, stats.get(Number(row.id)) ?? EMPTY_STATS));
  }

  private presentOne(row: MailingRow, stats: MailingStats): MailingObject {
    return {
      id: Number(row.id),
      name: row.name,
      folder_id: row.folder_id === null ? null : Number(row.folder_id),
      subject: row.subject,
      preheader: row.preheader,
      from_name: row.from_name,
      from_email: row.from_email,
      reply_to: row.reply_to,
      format: row.format,
      body: row.body,
      text: textSource(row),
      segment_id: row.segment_id === null ? null : Number(row.segment_id),
      tracking: { opens: Boolean(row.track_opens), clicks: Boolean(row.track_clicks) },
      status: row.status,
      send_at: row.send_at,
      started_at: row.started_at,
      finished_at: row.finished_at,
      stats: { ...stats },
      createtime: row.createtime,
      updatetime: row.updatetime,
    };
  }

  async create(accountId: number, body: CreateMailingBody): Promise<MailingObject> {
    const name = checkedName(body.name);
    if (body.folder_id !== undefined) await this.checkFolder(accountId, body.folder_id);
    if (body.segment_id !== undefined) await this.checkSegment(accountId, body.segment_id);
    const format = body.format ?? 'html';
    const compiled = await this.compile(format, body.body, body.subject, body.preheader ?? null, body.text ?? null);
    const now = stamp(this.deps.clock);
    const from = fromParts(this.deps.config.mailFrom);
    const row = await this.deps.mailings.insert(accountId, {
      folder_id: body.folder_id ?? null,
      name,
      name_folded: fold(name),
      subject: body.subject,
      preheader: body.preheader ?? null,
      from_name: body.from_name ?? (body.from_email === undefined ? from.name : null),
      from_email: body.from_email !== undefined ? emailField('from_email', body.from_email) : from.address,
      reply_to: body.reply_to !== undefined ? emailField('reply_to', body.reply_to) : null,
      format,
      body: body.body,
      html: compiled.html,
      text: body.text ?? null,
      links: JSON.stringify(compiled.links),
      segment_id: body.segment_id ?? null,
      track_opens: body.tracking?.opens ? 1 : 0,
      track_clicks: body.tracking?.clicks ? 1 : 0,
      ...freshDraft(now),
    });
    return this.presentOne(row, EMPTY_STATS);
  }

  async list(accountId: number, query: MailingListQuery): Promise<MailingObject[]> {
    const words = fold(given(query.search) ?? '')
      .split(/\s+/)
      .filter((word) => word !== '');
    const rows = await this.deps.mailings.list(accountId, { folderId: query.folder_id, status: query.status, words }, toPage(query));
    return this.present(rows);
  }

  async get(accountId: number, id: number): Promise<MailingObject> {
    return (await this.present([await this.require(accountId, id)]))[0]!;
  }

  /** M2: partial; only in draft or scheduled; null clears folder_id, segment_id, preheader and reply_to. */
  async update(accountId: number, id: number, body: UpdateMailingBody): Promise<MailingObject> {
    const current = await this.require(accountId, id);
    checkEditable(current);
    if (body.folder_id !== undefined && body.folder_id !== null) await this.checkFolder(accountId, body.folder_id);
    if (body.segment_id !== undefined && body.segment_id !== null) await this.checkSegment(accountId, body.segment_id);
    const format = body.format ?? current.format;
    const source = body.body ?? current.body;
    const subject = body.subject ?? current.subject;
    const preheader = body.preheader !== undefined ? body.preheader : current.preheader;
    const text = body.text !== undefined ? body.text : current.text;
    const compiled = await this.compile(format, source, subject, preheader, text);
    const name = body.name !== undefined ? checkedName(body.name) : undefined;
    const updated = await this.deps.mailings.update(
      accountId,
      id,
      {
        ...(name !== undefined ? { name, name_folded: fold(name) } : {}),
        ...(body.folder_id !== undefined ? { folder_id: body.folder_id } : {}),
        subject,
        preheader,
        ...(body.from_name !== undefined ? { from_name: body.from_name } : {}),
        ...(body.from_email !== undefined ? { from_email: emailField('from_email', body.from_email) } : {}),
        ...(body.reply_to !== undefined ? { reply_to: body.reply_to === null ? null : emailField('reply_to', body.reply_to) } : {}),
        format,
        body: source,
        html: compiled.html,
        text,
        links: JSON.stringify(compiled.links),
        ...(body.segment_id !== undefined ? { segment_id: body.segment_id } : {}),
        ...(body.tracking?.opens !== undefined ? { track_opens: body.tracking.opens ? 1 : 0 } : {}),
        ...(body.tracking?.clicks !== undefined ? { track_clicks: body.tracking.clicks ? 1 : 0 } : {}),
        updatetime: this.laterThan(current.updatetime),
      },
      EDITABLE,
    );
    if (!updated) return this.refused(accountId, id);
    return this.presentOne(updated, EMPTY_STATS);
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    const current = await this.require(accountId, id);
    if (current.status === 'sending') throw new BadRequestError(`mailing ${id} is sending: pause or cancel it first`);
    if (!(await this.deps.mailings.delete(accountId, id))) {
      const now = await this.deps.mailings.find(accountId, id);
      if (!now) throw notFound(id);
      throw new BadRequestError(`mailing ${id} is ${now.status}: pause or cancel it first`);
    }
    return { id, deleted: true };
  }

  /** M2: a new draft with the same content, whatever the status of this one. */
  async copy(accountId: number, id: number): Promise<MailingObject> {
    const current = await this.require(accountId, id);
    const now = stamp(this.deps.clock);
    const name = `${current.name} (copy)`.slice(0, 255);
    const { id: _id, account_id: _account, track_opens, track_clicks, ...content } = current;
    const row = await this.deps.mailings.insert(accountId, {
      ...content,
      name,
      name_folded: fold(name),
      track_opens: Number(track_opens),
      track_clicks: Number(track_clicks),
      ...freshDraft(now),
    });
    return this.presentOne(row, EMPTY_STATS);
  }

  // ---- M4: preview and test ----

  async preview(accountId: number, id: number, body: PreviewBody): Promise<PreviewObject> {
    const row = await this.require(accountId, id);
    const customer = await this.previewCustomer(accountId, row, body.userapp_id);
    const prepared = this.prepare(row);
    // Without the open-tracking image: it is invisible, and a preview's token leads nowhere (M8), so
    // whoever shows the preview would only request a 404 (the console's policy blocks it and says so).
    const { open: _open, ...links } = await this.links(prepared, 0);
    const { subject, preheader, html, text } = renderMessage(prepared, { customer, account: { name: await this.deps.accountName(accountId) } }, links);
    return { subject, preheader, html, text };
  }

  /** M4: sent now to 1–10 addresses, `[Test] ` before the subject; no recipient row, no statistic. */
  async test(accountId: number, id: number, body: TestBody): Promise<{ sent: string[] }> {
    const transport = this.requireTransport('test');
    const emails = [...new Set(body.emails.map((email, i) => emailField(`emails[${i}]`, email)))];
    const row = await this.require(accountId, id);
    const customer = await this.previewCustomer(accountId, row, body.userapp_id);
    const message = await this.renderFor(row, customer, 0);
    for (const [i, email] of emails.entries()) {
      const outcome = await transport.send({
        from: { name: row.from_name, address: row.from_email },
        to: email,
        replyTo: row.reply_to,
        subject: `[Test] ${message.subject}`,
        html: message.html,
        text: message.text,
        messageId: newMessageId(row.from_email),
        headers: message.headers,
      });
      if (outcome.kind !== 'accepted') throw invalidField(`emails[${i}]`, `the SMTP server did not accept the test message: ${outcome.answer}`);
    }
    return { sent: emails };
  }

  private async previewCustomer(accountId: number, row: MailingRow, userId: number | undefined): Promise<object> {
    if (userId !== undefined) {
      const user = (await this.deps.directory.presentByIds(accountId, [userId])).get(userId);
      if (!user) throw new NotFoundError(`user ${userId} not found`);
      return user;
    }
    if (row.segment_id !== null) {
      const first = await this.deps.audiences.firstMember(accountId, Number(row.segment_id));
      if (first) return first;
    }
    return SAMPLE_CUSTOMER;
  }

  // ---- rendering, for previews, tests and the sender ----

  /** A mailing's parsed templates, parsed once per version and kept. */
  prepare(row: MailingRow): PreparedMailing {
    const key = `${row.id}:${row.updatetime}:${row.track_opens}${row.track_clicks}`;
    let prepared = this.prepared.get(key);
    if (!prepared) {
      prepared = prepare(row);
      if (this.prepared.size >= PREPARED_KEPT) this.prepared.delete(this.prepared.keys().next().value!);
      this.prepared.set(key, prepared);
    }
    return prepared;
  }

  /** The public links of one recipient's message (recipient 0: a preview or test, whose links lead nowhere). */
  async links(prepared: PreparedMailing, recipientId: number): Promise<MessageLinks> {
    const key = await this.tokenKey(prepared.accountId);
    const base = this.deps.config.publicUrl;
    const token = (purpose: TokenPurpose) => signToken(key, { purpose, accountId: prepared.accountId, mailingId: prepared.id, recipientId });
    const click = prepared.trackClicks ? token('c') : undefined;
    return {
      unsubscribe: `${base}/m/u/${token('u')}`,
      view: `${base}/m/v/${token('v')}`,
      ...(prepared.trackOpens ? { open: `${base}/m/o/${token('o')}` } : {}),
      ...(click ? { click: (n: number) => `${base}/m/c/${click}/${n}` } : {}),
    };
  }

  /** One recipient's message with its headers (M6): List-Unsubscribe with the one-click URL and a mailto:. */
  async renderFor(row: MailingRow, customer: object, recipientId: number, accountName?: string) {
    const prepared = this.prepare(row);
    const links = await this.links(prepared, recipientId);
    const account = { name: accountName ?? (await this.deps.accountName(prepared.accountId)) };
    const message = renderMessage(prepared, { customer, account }, links);
    const mailto = `mailto:${row.reply_to ?? row.from_email}?subject=unsubscribe`;
    return {
      ...message,
      headers: { 'List-Unsubscribe': `<${links.unsubscribe}>, <${mailto}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    };
  }

  // ---- the audience before sending (Rapport's own) ----

  /** Who the mailing would reach if its audience were frozen now: the freeze's rules, counted, nothing written. */
  async audience(accountId: number, id: number): Promise<AudienceObject> {
    const row = await this.require(accountId, id);
    const condition = await this.conditionOf(accountId, row);
    return this.deps.mailings.audience(accountId, condition);
  }

  /** The mailing's segment compiled: 400 naming segment_id when it has none, or it was deleted. */
  private async conditionOf(accountId: number, row: MailingRow): Promise<AudienceCondition> {
    if (row.segment_id === null) throw invalidField('segment_id', 'the mailing needs a segment: set segment_id first');
    const condition = await this.deps.audiences.condition(accountId, Number(row.segment_id));
    if (!condition) throw invalidField('segment_id', `segment ${row.segment_id} does not exist (any more): choose another`);
    return condition;
  }

  // ---- M5: sending ----

  /** M5: only a draft with a segment; now (frozen here) or at send_at (frozen then, by the sender). */
  async send(accountId: number, id: number, body: SendBody): Promise<MailingObject> {
    this.requireTransport('send');
    const current = await this.require(accountId, id);
    if (current.status !== 'draft') throw new BadRequestError(`mailing ${id} is ${current.status}: only a draft is sent (copy it to send it again)`);
    if (current.segment_id === null) throw invalidField('segment_id', 'the mailing needs a segment to be sent: set segment_id first');
    const now = this.deps.clock.now();
    const sendAt = body.send_at === undefined || given(body.send_at) === undefined ? formatDateTime(now) : datetimeField('send_at', body.send_at);
    if (sendAt > formatDateTime(now)) {
      const scheduled = await this.deps.mailings.update(accountId, id, { status: 'scheduled', send_at: sendAt, updatetime: this.laterThan(current.updatetime) }, ['draft']);
      if (!scheduled) return this.refused(accountId, id);
      this.deps.wakeSender();
      return this.presentOne(scheduled, EMPTY_STATS);
    }
    const started = await this.start(accountId, id, ['draft'], sendAt);
    if (!started) return this.refused(accountId, id);
    this.deps.wakeSender();
    return this.get(accountId, id);
  }

  /**
   * Freezes the audience and marks the mailing `sending`, in one transaction: only the caller
   * that moves it out of `from` freezes (another process's sender, a concurrent request lose).
   * False when the mailing was not in `from` any more.
   */
  async start(accountId: number, id: number, from: readonly ('draft' | 'scheduled')[], sendAt?: string): Promise<boolean> {
    const row = await this.require(accountId, id);
    const condition = await this.conditionOf(accountId, row);
    return this.deps.tx.run(async ({ mailings }) => {
      const now = stamp(this.deps.clock);
      const started = await mailings.update(
        accountId,
        id,
        { status: 'sending', started_at: now, ...(sendAt ? { send_at: sendAt } : {}), updatetime: this.laterThan(row.updatetime) },
        from,
      );
      if (!started) return false;
      await mailings.freeze(accountId, id, condition, now);
      return true;
    });
  }

  /** M5: a scheduled or sending mailing stops sending (the sender sees it before its next message). */
  async pause(accountId: number, id: number): Promise<MailingObject> {
    return this.transition(accountId, id, ['scheduled', 'sending'], 'paused', 'only a scheduled or sending mailing is paused');
  }

  async resume(accountId: number, id: number): Promise<MailingObject> {
    const current = await this.require(accountId, id);
    if (current.status !== 'paused') throw new BadRequestError(`mailing ${id} is ${current.status}: only a paused mailing is resumed`);
    const result = await this.transition(accountId, id, ['paused'], current.started_at === null ? 'scheduled' : 'sending', 'only a paused mailing is resumed');
    this.deps.wakeSender();
    return result;
  }

  /** M5: nothing more is sent; recipients not yet sent stay pending, never sent. */
  async cancel(accountId: number, id: number): Promise<MailingObject> {
    return this.transition(accountId, id, ['scheduled', 'sending', 'paused'], 'cancelled', 'a sent or cancelled mailing is not cancelled');
  }

  private async transition(accountId: number, id: number, from: readonly ('draft' | 'scheduled' | 'sending' | 'paused')[], to: 'paused' | 'sending' | 'scheduled' | 'cancelled', rule: string) {
    const current = await this.require(accountId, id);
    const updated = await this.deps.mailings.update(
      accountId,
      id,
      { status: to, ...(to === 'cancelled' ? { finished_at: stamp(this.deps.clock) } : {}), updatetime: this.laterThan(current.updatetime) },
      from,
    );
    if (!updated) {
      const now = await this.require(accountId, id);
      throw new BadRequestError(`mailing ${id} is ${now.status}: ${rule}`);
    }
    return this.get(accountId, id);
  }

  // ---- M7: recipients ----

  async recipients(accountId: number, id: number, query: RecipientsQuery): Promise<RecipientObject[]> {
    await this.require(accountId, id);
    return (await this.deps.mailings.recipients(accountId, id, query.status as RecipientStatus | undefined, toPage(query))).map(presentRecipient);
  }

  /** GET /users/{id}/mailings (U3 ids): the mailings the customer is a recipient of, newest first. */
  async ofUserRef(accountId: number, rawId: string, query: UserMailingsQuery): Promise<UserMailingObject[]> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    return (await this.deps.mailings.ofUserPaged(accountId, user.id, toPage(query))).map((row) => ({
      mailing: { id: Number(row.mailing_id), name: row.name, subject: row.subject },
      email: row.email,
      status: row.status,
      reason: row.reason,
      sent_at: row.sent_at,
      opened_at: row.opened_at,
      clicked_at: row.clicked_at,
      unsubscribed_at: row.unsubscribed_at,
      bounced_at: row.bounced_at,
    }));
  }

  /** M9: the customer's mailings for the export (D3). */
  async ofUser(accountId: number, userId: number): Promise<CustomerMailing[]> {
    return (await this.deps.mailings.ofUser(accountId, userId)).map((row) => ({
      mailing_id: Number(row.mailing_id),
      name: row.name,
      status: row.status,
      sent_at: row.sent_at,
      opened_at: row.opened_at,
      clicked_at: row.clicked_at,
      unsubscribed_at: row.unsubscribed_at,
    }));
  }

  // ---- M8: tokens ----

  private tokenKey(accountId: number): Promise<string> {
    let key = this.tokenKeys.get(accountId);
    if (!key) {
      key = this.deps.mailings.tokenKey(accountId, newTokenKey, stamp(this.deps.clock));
      key.catch(() => this.tokenKeys.delete(accountId));
      this.tokenKeys.set(accountId, key);
    }
    return key;
  }

  /** The claims of a token signed for `purpose`, or undefined (forged, altered, another purpose). */
  async verify(token: string, purpose: TokenPurpose): Promise<TokenClaims | undefined> {
    const claims = readToken(token);
    if (!claims) return undefined;
    const key = await this.deps.mailings.tokenKeyIfAny(claims.accountId);
    if (key === undefined || !verifyToken(key, token, claims, purpose)) return undefined;
    return claims;
  }

  // ---- M8: the public routes ----

  /** The recipient (and its mailing) a token of `purpose` names; undefined for a bad token or one whose recipient is gone. */
  async recipientOf(token: string, purpose: TokenPurpose): Promise<{ mailing: MailingRow; recipient: RecipientRow } | undefined> {
    const claims = await this.verify(token, purpose);
    if (!claims) return undefined;
    const [mailing, recipient] = await Promise.all([
      this.deps.mailings.find(claims.accountId, claims.mailingId),
      this.deps.mailings.findRecipient(claims.accountId, claims.mailingId, claims.recipientId),
    ]);
    return mailing && recipient ? { mailing, recipient } : undefined;
  }

  /**
   * M8: the customer's mailing_enabled becomes disabled (reason `unsubscribe`), the recipient's
   * unsubscribed_at is set and `email.unsubscribed` written, in one transaction; once only (a
   * second click changes nothing). False for a bad token.
   */
  async unsubscribe(token: string): Promise<boolean> {
    const found = await this.recipientOf(token, 'u');
    if (!found) return false;
    const { recipient } = found;
    const accountId = Number(recipient.account_id);
    const userId = Number(recipient.user_id);
    const now = this.deps.clock.now();
    await this.deps.tx.run(async ({ mailings, users, webhookOutbox }) => {
      const user = await users.findById(accountId, userId);
      if (!user) return;
      const first = await mailings.markFirst(accountId, Number(recipient.id), 'unsubscribed_at', formatDateTime(now));
      if (user.mailing_enabled !== 0 || user.mailing_disabled_reason !== 'unsubscribe') {
        await users.update(accountId, userId, { mailing_enabled: 0, mailing_disabled_reason: 'unsubscribe', updatetime: formatDateTime(now) });
      }
      if (first) {
        await webhookOutbox.emit(
          accountId,
          [{ type: 'email.unsubscribed', userId, data: { mailing_id: Number(recipient.mailing_id), user: { userapp_id: userId, user_id: userId, service_uid: user.service_uid, email: user.email } } }],
          now,
        );
      }
    });
    return true;
  }

  /** M8: the first open, with tracking.opens; false when the token is bad or opens are not tracked. */
  async open(token: string): Promise<boolean> {
    const found = await this.recipientOf(token, 'o');
    if (!found || !found.mailing.track_opens) return false;
    await this.deps.mailings.markFirst(Number(found.recipient.account_id), Number(found.recipient.id), 'opened_at', stamp(this.deps.clock));
    return true;
  }

  /** M8: the n-th link of the mailing's own body (never a URL from the request), recording the first click. */
  async click(token: string, n: number): Promise<string | undefined> {
    const found = await this.recipientOf(token, 'c');
    if (!found || !found.mailing.track_clicks) return undefined;
    const links = JSON.parse(found.mailing.links) as string[];
    const target = links[n];
    if (target === undefined) return undefined;
    await this.deps.mailings.markFirst(Number(found.recipient.account_id), Number(found.recipient.id), 'clicked_at', stamp(this.deps.clock));
    return target;
  }

  /** M8: the message in a browser, rendered for the recipient as the mailing stands (tracking left out). */
  async view(token: string): Promise<string | undefined> {
    const found = await this.recipientOf(token, 'v');
    if (!found) return undefined;
    const accountId = Number(found.recipient.account_id);
    const userId = Number(found.recipient.user_id);
    const user = (await this.deps.directory.presentByIds(accountId, [userId])).get(userId);
    if (!user) return undefined;
    const message = await this.renderFor({ ...found.mailing, track_opens: 0 }, user, Number(found.recipient.id));
    return message.html;
  }

  // ---- helpers ----

  private requireTransport(what: 'send' | 'test'): MailingTransport {
    if (!this.deps.transport) {
      throw new BadRequestError(`SMTP_URL is not configured: nothing can be ${what === 'send' ? 'sent' : 'sent as a test'}; set SMTP_URL and restart the server`);
    }
    return this.deps.transport;
  }

  private async compile(format: 'html' | 'mjml', source: string, subject: string, preheader: string | null, text: string | null) {
    const html = format === 'mjml' ? await compileMjml(source) : source;
    checkTemplates({ subject, preheader, html, text });
    return { html, links: linksOf(html) };
  }

  async require(accountId: number, id: number): Promise<MailingRow> {
    const row = await this.deps.mailings.find(accountId, id);
    if (!row) throw notFound(id);
    return row;
  }

  private async refused(accountId: number, id: number): Promise<never> {
    const now = await this.require(accountId, id);
    throw new BadRequestError(`mailing ${id} is ${now.status}: it changes only as a draft or scheduled`);
  }

  private async checkFolder(accountId: number, folderId: number): Promise<void> {
    if (!(await this.deps.folders.exists(accountId, folderId))) throw invalidField('folder_id', `no mailing folder has id ${folderId}`);
  }

  private async checkSegment(accountId: number, segmentId: number): Promise<void> {
    if (!(await this.deps.audiences.condition(accountId, segmentId))) throw invalidField('segment_id', `no segment has id ${segmentId}`);
  }

  /**
   * The version of a changed mailing (updatetime, which also keys the parsed templates): now, or
   * a second after the previous one when the clock has not moved (two changes in one second must
   * not share a version).
   */
  private laterThan(previous: string): string {
    const now = stamp(this.deps.clock);
    if (now > previous) return now;
    return formatDateTime(new Date(Date.parse(`${previous.replace(' ', 'T')}Z`) + 1000));
  }
}

function checkEditable(row: MailingRow): void {
  if (!(EDITABLE as readonly string[]).includes(row.status)) {
    throw new BadRequestError(`mailing ${row.id} is ${row.status}: it changes only as a draft or scheduled (copy it to change and send it again)`);
  }
}

function checkedName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw invalidField('name', 'must not be blank');
  return trimmed;
}

function notFound(id: number): NotFoundError {
  return new NotFoundError(`no mailing has id ${id}`);
}

export function newMessageId(fromEmail: string): string {
  const domain = fromEmail.slice(fromEmail.lastIndexOf('@') + 1) || 'localhost';
  return `<${randomBytes(12).toString('hex')}.${Date.now().toString(36)}@${domain}>`;
}
