import type { AttemptLimit, SignInFailures } from '../../db/sign-in-failures.js';
import type { Transactor } from '../../db/transactions.js';
import type { AuditEntry } from '../../http/audit-trail.js';
import type { Role } from '../../http/roles.js';
import type { Mailer } from '../../jobs/mailer.js';
import { AppError, BadRequestError, ForbiddenError, NotFoundError, invalidField } from '../../lib/errors.js';
import { normaliseEmail } from '../../lib/fields.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { LinkPurpose, PeopleRepository, PersonRow, SessionRow } from './repository.js';
import { hashToken, looksLikeToken, newToken } from './tokens.js';

const HOUR_MS = 3_600_000;
/** T1: a welcome link works 72 hours; T2: a reset link one hour. */
export const LINK_VALID_MS: Record<LinkPurpose, number> = { welcome: 72 * HOUR_MS, reset: HOUR_MS };
/** T2: a session lives 12 hours after its last request, 7 days at most. */
export const SESSION_IDLE_MS = 12 * HOUR_MS;
export const SESSION_MAX_MS = 7 * 24 * HOUR_MS;
/** A session's last request is written at most this often (its 12 hours slide by the minute). */
export const SESSION_TOUCH_MS = 60_000;
/** T2: 5 failures per e-mail and 50 per client address in 15 minutes, across every process. */
export const EMAIL_LIMIT: AttemptLimit = { scope: 'console-email', max: 5, windowMs: 15 * 60_000 };
export const ADDRESS_LIMIT: AttemptLimit = { scope: 'console-address', max: 50, windowMs: 15 * 60_000 };
/** Reset e-mails asked for one e-mail address: as many as failures, so nobody is mail-bombed. */
export const RESET_LIMIT: AttemptLimit = { scope: 'console-reset', max: 5, windowMs: 15 * 60_000 };

export const WRONG_SIGN_IN = 'wrong e-mail or password';
const LINK_GONE = 'token: the link no longer works (it was used, has expired, or is not one); ask for a new one';

export interface PersonObject {
  id: number;
  email: string;
  role: Role;
  last_sign_in_at: string | null;
  createtime: string;
}

/** Who a live session cookie belongs to (T3): what the account hook needs. */
export interface SessionHolder {
  accountId: number;
  sessionId: number;
  personId: number;
  email: string;
  role: Role;
}

export interface SignedIn {
  /** The session cookie's value: set once, never stored or logged. */
  token: string;
  answer: SessionAnswer;
}

export interface SessionAnswer {
  email: string;
  role: Role;
  account: { id: number; name: string };
}

/** Where a console call came from, for its limits and its audit entry. */
export interface CallContext {
  address: string;
  requestId: string;
}

export interface PeopleDeps {
  people: PeopleRepository;
  tx: Transactor<{ people: PeopleRepository }>;
  accountName(accountId: number): Promise<string | undefined>;
  failures: Pick<SignInFailures, 'record' | 'waitMs' | 'clear'>;
  audit: { record(entry: AuditEntry): Promise<void> };
  clock: Clock;
  /** Where links point: `<publicUrl>/console/welcome?token=…`. */
  publicUrl: string;
  /** Invitation and reset e-mails, when SMTP is configured. */
  mailer: Mailer | null;
  log: { warn(object: object, message: string): void; info(object: object, message: string): void };
}

const INVITATION = 'You are invited to Rapport';
/** The account's name closing a sentence: "Andes Running Co." takes no second full stop. */
const closing = (account: string) => (/[.!?…]$/u.test(account) ? account : `${account}.`);
const invitationText = (role: Role, account: string, url: string) =>
  `You were given the ${role} role on ${closing(account)}\n\nSet your password here (the link works for 72 hours, once):\n${url}\n`;

const time = (stored: string) => Date.parse(`${stored.replace(' ', 'T')}Z`);

function present(row: PersonRow): PersonObject {
  return { id: row.id, email: row.email, role: row.role, last_sign_in_at: row.last_sign_in_at, createtime: row.created_at };
}

/** T2: 10–128 characters, not the e-mail (compared without case). */
export function checkPassword(password: string, email: string): void {
  const length = [...password].length;
  if (length < 10 || length > 128) throw invalidField('password', 'must be 10 to 128 characters');
  if (password.trim().toLowerCase() === email.toLowerCase()) throw invalidField('password', 'must not be the e-mail address');
}

function tooMany(waitMs: number, what = 'failed sign-ins'): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(429, 'too_many_requests', `too many ${what}; try again in ${seconds} s`, { 'retry-after': String(seconds) });
}

export class PeopleService {
  constructor(private readonly deps: PeopleDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  private linkUrl(token: string): string {
    return `${this.deps.publicUrl}/console/welcome?token=${token}`;
  }

  async list(accountId: number): Promise<PersonObject[]> {
    return (await this.deps.people.list(accountId)).map(present);
  }

  /**
   * T1: a person of the account and their welcome link, e-mailed when SMTP is configured;
   * `emailed` says whether the SMTP server took the message (the answer waits for it).
   */
  async add(accountId: number, input: { email: string; role: Role }): Promise<PersonObject & { invite_url: string; emailed: boolean }> {
    const email = normaliseEmail(input.email);
    if (email === null) throw invalidField('email', 'must be a valid e-mail address');
    const now = formatDateTime(this.now());
    const { row, url } = await this.deps.tx.run(async ({ people }) => {
      const row = await people.insert(accountId, email, input.role, now);
      if (!row) throw invalidField('email', 'is a person of this account already');
      return { row, url: await this.addLink(people, row, 'welcome') };
    });
    const emailed = await this.mail(email, INVITATION, invitationText(row.role, (await this.deps.accountName(accountId)) ?? 'a Rapport account', url));
    return { ...present(row), invite_url: url, emailed };
  }

  /**
   * An owner's "e-mail them a reset link": with SMTP configured, a reset link (a welcome link for
   * someone who never set a password) is e-mailed to the person; without, nothing is made.
   * `emailed` says which; the link itself is never answered (it would sign the owner in as them).
   */
  async emailLink(accountId: number, id: number): Promise<{ emailed: boolean }> {
    const person = await this.deps.people.find(accountId, id);
    if (!person) throw new NotFoundError(`no person of this account has id ${id}`);
    if (!this.deps.mailer) return { emailed: false };
    const purpose: LinkPurpose = person.password_hash === null ? 'welcome' : 'reset';
    const url = await this.deps.tx.run(({ people }) => this.addLink(people, person, purpose));
    const account = (await this.deps.accountName(accountId)) ?? `account ${accountId}`;
    const emailed =
      purpose === 'welcome'
        ? await this.mail(person.email, INVITATION, invitationText(person.role, account, url))
        : await this.mail(person.email, 'Reset your Rapport password', `An owner of ${account} sent you a link to reset your password.\n\nSet a new one here (the link works for one hour, once):\n${url}\n\nIf you did not ask for it, ignore this message.\n`);
    return { emailed };
  }

  async changeRole(accountId: number, id: number, role: Role): Promise<PersonObject> {
    return this.deps.tx.run(async ({ people }) => {
      const found = await people.find(accountId, id);
      if (!found) throw new NotFoundError(`no person of this account has id ${id}`);
      if (found.role === 'owner' && role !== 'owner') {
        const owners = await people.lockOwners(accountId);
        if (owners.length <= 1) throw invalidField('role', 'the last owner cannot be demoted; make another person owner first');
      }
      await people.setRole(accountId, id, role);
      return present({ ...found, role });
    });
  }

  async remove(accountId: number, id: number): Promise<{ deleted: true }> {
    return this.deps.tx.run(async ({ people }) => {
      const found = await people.find(accountId, id);
      if (!found) throw new NotFoundError(`no person of this account has id ${id}`);
      if (found.role === 'owner' && (await people.lockOwners(accountId)).length <= 1) {
        throw new BadRequestError('the last owner cannot be removed; make another person owner first');
      }
      // Their sessions and links go with them (on delete cascade).
      await people.remove(accountId, id);
      return { deleted: true as const };
    });
  }

  /**
   * `rapport people add`: the person (created, or found when the e-mail is one already) and a
   * fresh welcome link, returned to be printed.
   */
  async addFromCommandLine(accountId: number, rawEmail: string, role: Role): Promise<{ person: PersonObject; url: string; created: boolean }> {
    const email = normaliseEmail(rawEmail);
    if (email === null) throw new Error(`--email: "${rawEmail}" is not a valid e-mail address`);
    const now = formatDateTime(this.now());
    return this.deps.tx.run(async ({ people }) => {
      const inserted = await people.insert(accountId, email, role, now);
      if (inserted) return { person: present(inserted), url: await this.addLink(people, inserted, 'welcome'), created: true };
      const existing = (await people.findByEmail(accountId, email))!;
      throw new Error(`${existing.email} is a person of account ${accountId} already (role ${existing.role}); use "rapport people reset" for a new link`);
    });
  }

  /**
   * `rapport people reset`: a reset link (valid one hour) for the person with that e-mail, of
   * `accountId` or, when not given, of the only account that has them.
   */
  async resetLink(rawEmail: string, accountId?: number): Promise<{ accountId: number; url: string; validHours: number }> {
    const email = normaliseEmail(rawEmail) ?? rawEmail.trim().toLowerCase();
    const candidates = (await this.deps.people.everyWithEmail(email)).filter((p) => accountId === undefined || p.account_id === accountId);
    if (candidates.length === 0) throw new Error(`no person with e-mail ${email}${accountId !== undefined ? ` in account ${accountId}` : ''}`);
    if (candidates.length > 1) {
      throw new Error(`${email} is a person of accounts ${candidates.map((p) => p.account_id).join(', ')}: say which with --account`);
    }
    const person = candidates[0]!;
    // Someone who never set a password gets a welcome link again (72 hours), others a reset link.
    const purpose: LinkPurpose = person.password_hash === null ? 'welcome' : 'reset';
    const url = await this.deps.tx.run(({ people }) => this.addLink(people, person, purpose));
    return { accountId: person.account_id, url, validHours: LINK_VALID_MS[purpose] / HOUR_MS };
  }

  /**
   * T2 "a reset link by e-mail": sends one to every account's person with that e-mail (SMTP
   * configured); answers nothing either way, so it tells nobody whether the e-mail is known.
   */
  async requestReset(rawEmail: string, context: CallContext): Promise<void> {
    const email = normaliseEmail(rawEmail);
    if (email === null) throw invalidField('email', 'must be a valid e-mail address');
    const nowMs = this.now().getTime();
    const wait = Math.max(await this.deps.failures.waitMs(RESET_LIMIT, email, nowMs), await this.deps.failures.waitMs(ADDRESS_LIMIT, context.address, nowMs));
    if (wait > 0) throw tooMany(wait, 'password resets asked for');
    await this.deps.failures.record(RESET_LIMIT, email, nowMs);
    if (!this.deps.mailer) return;
    for (const person of await this.deps.people.everyWithEmail(email)) {
      if (person.password_hash === null) continue; // not signed up yet: their welcome link is the way in
      const url = await this.deps.tx.run(({ people }) => this.addLink(people, person, 'reset'));
      const account = (await this.deps.accountName(person.account_id)) ?? `account ${person.account_id}`;
      // Not awaited: an answer that waited for the SMTP server would tell a known e-mail by its time.
      void this.mail(email, 'Reset your Rapport password', `Someone asked to reset your password on ${closing(account)}\n\nSet a new one here (the link works for one hour, once):\n${url}\n\nIf it was not you, ignore this message.\n`);
    }
  }

  private async addLink(people: PeopleRepository, person: PersonRow, purpose: LinkPurpose): Promise<string> {
    const token = newToken();
    const now = this.now();
    await people.addLink(person.account_id, person.id, purpose, hashToken(token), formatDateTime(now), formatDateTime(new Date(now.getTime() + LINK_VALID_MS[purpose])));
    return this.linkUrl(token);
  }

  /** True when the SMTP server took the message; false without SMTP or when sending failed (logged). */
  private async mail(to: string, subject: string, text: string): Promise<boolean> {
    const mailer = this.deps.mailer;
    if (!mailer) return false;
    try {
      await mailer.send({ to, subject, text });
      return true;
    } catch (error) {
      this.deps.log.warn({ err: error, subject }, 'a people e-mail could not be sent; print a link with the command-line tool');
      return false;
    }
  }

  /**
   * T1 `PUT /console/password`: uses a welcome or reset link once, sets the password, ends the
   * person's other sessions and opens one.
   */
  async setPassword(token: string, password: string, context: CallContext): Promise<SignedIn> {
    if (!looksLikeToken(token)) throw new BadRequestError(LINK_GONE);
    const tokenHash = hashToken(token);
    const link = await this.deps.people.linkByTokenHash(tokenHash);
    const now = this.now();
    if (!link || link.used_at !== null || time(link.expires_at) <= now.getTime()) throw new BadRequestError(LINK_GONE);
    const person = await this.deps.people.find(link.account_id, link.person_id);
    if (!person) throw new BadRequestError(LINK_GONE);
    checkPassword(password, person.email);
    const hash = await hashPassword(password); // off the event loop, before the transaction
    const sessionToken = newToken();
    const stamp = formatDateTime(now);
    await this.deps.tx.run(async ({ people }) => {
      const again = await people.linkByTokenHash(tokenHash); // locked until commit
      if (!again || !(await people.useLink(link.account_id, link.id, stamp))) throw new BadRequestError(LINK_GONE);
      await people.setPassword(person.account_id, person.id, hash);
      await people.endSessionsOf(person.account_id, person.id);
      await people.addSession(person.account_id, person.id, hashToken(sessionToken), stamp);
      await people.signedIn(person.account_id, person.id, stamp);
    });
    await this.audit(person, { method: 'PUT', path: '/console/password', status: 204, summary: `${link.purpose === 'welcome' ? 'set a first password' : 'reset the password'} with a ${link.purpose} link and signed in` }, context);
    return { token: sessionToken, answer: await this.answer(person.account_id, person.email, person.role) };
  }

  /** T2, T4: `POST /console/session`. */
  async signIn(input: { email: string; password: string; account?: number }, context: CallContext): Promise<SignedIn> {
    const email = normaliseEmail(input.email) ?? input.email.trim().toLowerCase();
    const nowMs = this.now().getTime();
    const wait = Math.max(await this.deps.failures.waitMs(EMAIL_LIMIT, email, nowMs), await this.deps.failures.waitMs(ADDRESS_LIMIT, context.address, nowMs));
    if (wait > 0) throw tooMany(wait);

    const candidates = (await this.deps.people.everyWithEmail(email)).filter((p) => input.account === undefined || p.account_id === input.account);
    const matched: PersonRow[] = [];
    if (candidates.length === 0) await verifyPassword(input.password, null); // the decoy: the time of a wrong password
    for (const candidate of candidates) if (await verifyPassword(input.password, candidate.password_hash)) matched.push(candidate);

    if (matched.length === 0) {
      await this.deps.failures.record(EMAIL_LIMIT, email, nowMs);
      await this.deps.failures.record(ADDRESS_LIMIT, context.address, nowMs);
      if (candidates.length === 0) this.deps.log.info({ address: context.address }, 'console sign-in failed: no such person');
      for (const candidate of candidates) await this.audit(candidate, { method: 'POST', path: '/console/session', status: 403, summary: 'failed sign-in: wrong password' }, context);
      throw new ForbiddenError(WRONG_SIGN_IN);
    }
    // T4: with several accounts, one must be named; said only to someone who knows a password.
    if (candidates.length > 1) throw invalidField('account', 'this e-mail is a person of several accounts: give the id of the one to sign in to');

    const person = matched[0]!;
    await this.deps.failures.clear(EMAIL_LIMIT, email);
    const token = newToken();
    const stamp = formatDateTime(this.now());
    await this.deps.tx.run(async ({ people }) => {
      await people.addSession(person.account_id, person.id, hashToken(token), stamp);
      await people.signedIn(person.account_id, person.id, stamp);
    });
    await this.audit(person, { method: 'POST', path: '/console/session', status: 200, summary: 'signed in to the console' }, context);
    return { token, answer: await this.answer(person.account_id, person.email, person.role) };
  }

  /**
   * T3: the person of a live session cookie, read from the database on every request (a sign-out
   * or a role change in any process applies at once). The last request is written at most once a
   * minute; a session past its 12 idle hours or its 7 days is deleted here.
   */
  async identify(token: string): Promise<SessionHolder | undefined> {
    if (!looksLikeToken(token)) return undefined;
    const row = await this.deps.people.sessionByTokenHash(hashToken(token));
    if (!row) return undefined;
    const now = this.now();
    if (!this.live(row, now.getTime())) {
      await this.deps.people.endSession(row.account_id, row.id);
      return undefined;
    }
    if (now.getTime() - time(row.seen_at) >= SESSION_TOUCH_MS) await this.deps.people.touchSession(row.account_id, row.id, formatDateTime(now));
    return { accountId: row.account_id, sessionId: row.id, personId: row.person_id, email: row.email, role: row.role };
  }

  private live(row: SessionRow, nowMs: number): boolean {
    return nowMs - time(row.seen_at) < SESSION_IDLE_MS && nowMs - time(row.created_at) < SESSION_MAX_MS;
  }

  async signOut(holder: SessionHolder): Promise<void> {
    await this.deps.people.endSession(holder.accountId, holder.sessionId);
  }

  async answer(accountId: number, email: string, role: Role): Promise<SessionAnswer> {
    return { email, role, account: { id: accountId, name: (await this.deps.accountName(accountId)) ?? '' } };
  }

  /** Sessions and links no longer of use, swept by every process now and then. */
  async sweep(): Promise<number> {
    const now = this.now().getTime();
    const sessions = await this.deps.people.sweepSessions(formatDateTime(new Date(now - SESSION_IDLE_MS)), formatDateTime(new Date(now - SESSION_MAX_MS)));
    return sessions + (await this.deps.people.sweepLinks(formatDateTime(new Date(now))));
  }

  private async audit(person: PersonRow, call: { method: string; path: string; status: number; summary: string }, context: CallContext): Promise<void> {
    await this.deps.audit
      .record({
        accountId: person.account_id,
        keyPrefix: '',
        actorEmail: person.email,
        method: call.method,
        path: call.path,
        status: call.status,
        requestId: context.requestId,
        summary: `${call.method} ${call.path} → ${call.status}: ${call.summary}`,
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'audit log write failed; the call was answered'));
  }
}
