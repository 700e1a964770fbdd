import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError } from '../../http/errors.js';
import { type Identity, type UserRow, UsersRepository } from './repository.js';

// The two ways a request names its user, with the one 404 each answers when none matches. Writes
// the connectors branch on answer S2's `user_not_found` instead of the generic `not_found`.

export type MissingUserCode = 'not_found' | 'user_not_found';

/** U3: `{id}` of /users/{id}. */
export async function requireUserByRef(db: Kysely<DB>, accountId: number, rawId: string, code: MissingUserCode = 'not_found'): Promise<UserRow> {
  const row = await new UsersRepository(db).findByRef(accountId, rawId);
  if (!row) throw new AppError(404, code, `no user with id ${rawId}`);
  return row;
}

/** U6: the first non-empty of service_uid, email, document, telephone decides. */
export async function requireUserByIdentity(
  db: Kysely<DB>,
  accountId: number,
  identity: Identity,
  code: MissingUserCode = 'not_found',
): Promise<UserRow> {
  const row = await new UsersRepository(db).findByIdentity(accountId, identity);
  if (!row) throw new AppError(404, code, 'no user matches the given service_uid, email, document or telephone');
  return row;
}
