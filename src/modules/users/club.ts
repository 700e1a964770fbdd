import type { AttemptLimit, SignInFailures } from '../../db/sign-in-failures.js';
import { AppError, BadRequestError } from '../../lib/errors.js';
import { emailField, given } from '../../lib/fields.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { type Clock, stamp } from '../../lib/time.js';
import type { UserDirectory } from './directory.js';
import type { UsersRepository } from './repository.js';
import type { AuthenticateInput, ClubMemberObject, RegisterInput, UserObject } from './schemas.js';
import type { UsersService } from './service.js';

// U13: the loyalty club's sign-up and sign-in. A password is kept only as lib/passwords.ts's scrypt
// hash (table club_passwords, migration 0024), computed off the event loop, never logged or answered.

/** 10 failures of one customer in 15 minutes, counted in the database: every process sees them. */
export const CLUB_SIGN_IN_LIMIT: AttemptLimit = { scope: 'club-member', max: 10, windowMs: 15 * 60_000 };

/** The one answer of every failed sign-in: a wrong password, an unknown customer, one without a password. */
export const SIGN_IN_REFUSED = 'the customer and password do not match';

export interface ClubDeps {
  users: Pick<UsersService, 'create'>;
  reads: Pick<UsersRepository, 'findByIdentity' | 'passwordHash'>;
  directory: Pick<UserDirectory, 'presentOne'>;
  failures: Pick<SignInFailures, 'record' | 'waitMs' | 'clear'>;
  clock: Clock;
}

/** The club's answer: the customer and `customform`, the platform's name for its custom attributes. */
export function presentMember(user: UserObject): ClubMemberObject {
  return { ...user, customform: user.custom_attributes };
}

export class ClubService {
  constructor(private readonly deps: ClubDeps) {}

  /** POST /users/register: a new customer, a club member from now, with its password's hash. */
  async register(accountId: number, input: RegisterInput): Promise<ClubMemberObject> {
    const serviceUid = input.service_uid.trim();
    if (serviceUid === '') throw new BadRequestError('service_uid: must not be blank');
    const email = emailField('email', input.email);
    const passwordHash = await hashPassword(input.pass);
    const user = await this.deps.users.create(
      accountId,
      { service_uid: serviceUid, email, first_name: input.first_name, last_name: input.last_name, club_inscription_date: stamp(this.deps.clock) },
      { passwordHash },
    );
    return presentMember(user);
  }

  /**
   * POST /users/authenticate. Every failure is the same 403; an unknown customer checks a decoy hash
   * and the same reads, so it costs what a wrong password does. A customer's failures are counted
   * (its subject `<account>:<customer>`, whichever identifier named it); an unknown customer has no
   * subject, so nothing is counted for it.
   */
  async authenticate(accountId: number, input: AuthenticateInput): Promise<ClubMemberObject> {
    const serviceUid = given(input.service_uid)?.trim();
    const email = given(input.email)?.trim();
    if (!serviceUid && !email) throw new BadRequestError('service_uid or email: one of them is required');
    const user = await this.deps.reads.findByIdentity(accountId, serviceUid ? { service_uid: serviceUid } : { email });
    const subject = `${accountId}:${user ? user.id : 'unknown'}`;
    const now = this.deps.clock.now().getTime();
    // Refused before the password is looked at: right or wrong, a locked customer waits.
    await this.refuseIfLocked(subject, now, CLUB_SIGN_IN_LIMIT);
    // Counted before the check, then the count is read again: attempts racing in from several
    // processes cannot together make more than `max` guesses in a window. (An unknown customer's
    // subject is never counted; its reads are made all the same, to cost the same.)
    if (user) await this.deps.failures.record(CLUB_SIGN_IN_LIMIT, subject, now);
    await this.refuseIfLocked(subject, now, { ...CLUB_SIGN_IN_LIMIT, max: CLUB_SIGN_IN_LIMIT.max + 1 });
    const stored = await this.deps.reads.passwordHash(accountId, user?.id ?? 0);
    const matches = await verifyPassword(input.pass, user ? stored : null);
    if (!user || !matches) throw new AppError(403, 'forbidden', SIGN_IN_REFUSED);
    // A success forgets the failures, the one just counted for this attempt with them.
    await this.deps.failures.clear(CLUB_SIGN_IN_LIMIT, subject);
    return presentMember(await this.deps.directory.presentOne(accountId, user));
  }

  private async refuseIfLocked(subject: string, now: number, limit: AttemptLimit): Promise<void> {
    const waitMs = await this.deps.failures.waitMs(limit, subject, now);
    if (waitMs <= 0) return;
    const seconds = Math.min(Math.ceil(limit.windowMs / 1000), Math.max(1, Math.ceil(waitMs / 1000)));
    throw new AppError(429, 'too_many_requests', 'too many failed sign-ins for this customer: try again later', { 'retry-after': String(seconds) });
  }
}
