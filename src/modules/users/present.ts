import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { loadCustomValues } from './custom-values.js';
import type { UserRow } from './repository.js';
import type { UserObject } from './schemas.js';

// Builds the U4 user object. mailing/sms flags combine the user's own flag with the blacklists.

/** L2's telephone form: a leading `+` and digits, separators removed. */
function blacklistTelephone(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/[\s.\-()]/g, '');
  return digits;
}

async function blacklisted(db: Kysely<DB>, accountId: number, list: 'email' | 'telephone', values: string[]) {
  if (values.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom('blacklist_entries')
    .select('value')
    .where('account_id', '=', accountId)
    .where('list', '=', list)
    .where('value', 'in', [...new Set(values)])
    .execute();
  return new Set(rows.map((r) => r.value));
}

function flag(enabled: number, reason: string | null, onList: boolean): [boolean, string | null] {
  if (!enabled) return [false, reason];
  if (onList) return [false, 'blacklist'];
  return [true, null];
}

export async function presentUsers(db: Kysely<DB>, accountId: number, rows: UserRow[]): Promise<UserObject[]> {
  const custom = await loadCustomValues(
    db,
    accountId,
    rows.map((r) => r.id),
  );
  const emails = await blacklisted(
    db,
    accountId,
    'email',
    rows.flatMap((r) => (r.email ? [r.email] : [])),
  );
  const phones = await blacklisted(
    db,
    accountId,
    'telephone',
    rows.flatMap((r) => (r.telephone ? [blacklistTelephone(r.telephone)] : [])),
  );
  return rows.map((row) => {
    const [mailing, mailingReason] = flag(row.mailing_enabled, row.mailing_disabled_reason, !!row.email && emails.has(row.email));
    const [sms, smsReason] = flag(
      row.sms_enabled,
      row.sms_disabled_reason,
      !!row.telephone && phones.has(blacklistTelephone(row.telephone)),
    );
    return {
      userapp_id: row.id,
      user_id: row.id,
      service_uid: row.service_uid,
      email: row.email,
      document: row.document,
      document_type: row.document_type,
      first_name: row.first_name,
      last_name: row.last_name,
      telephone: row.telephone,
      birthdate: row.birthdate,
      gender: row.gender,
      street: row.street,
      postcode: row.postcode,
      city: row.city,
      department: row.department,
      state: row.state,
      country: row.country,
      marital_status: row.marital_status,
      tags: JSON.parse(row.tags) as string[],
      points: row.points,
      notes: row.notes,
      club_inscription_date: row.club_inscription_date,
      custom_attributes: custom.get(row.id) ?? {},
      mailing_enabled: mailing,
      sms_enabled: sms,
      mailing_enabled_reason: mailingReason,
      sms_enabled_reason: smsReason,
      createtime: row.createtime,
      updatetime: row.updatetime,
    };
  });
}

export async function presentUser(db: Kysely<DB>, accountId: number, row: UserRow): Promise<UserObject> {
  const [user] = await presentUsers(db, accountId, [row]);
  return user!;
}
