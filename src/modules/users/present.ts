import type { Kysely } from 'kysely';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';
import { normaliseEmail, normaliseTelephone } from '../blacklist/normalise.js';
import { visibleEntries } from '../blacklist/repository.js';
import { loadCustomValues } from '../custom-attributes/values.js';
import type { UserRow } from './repository.js';
import type { UserObject } from './schemas.js';

// Builds the U4 user object. mailing/sms flags combine the user's own flag with the blacklists.

// Both lists in one query (one round trip on PostgreSQL; issue 11): the e-mails on the e-mail list
// and the telephones on the telephone list, each part present only when there are values to check.
const listedValues = new PreparedQuery<{ accountId: number; emails?: string[]; telephones?: string[] }, { list: string; value: string }>(
  'blacklist_entries.listed',
  ['accountId', 'emails', 'telephones'],
  // Only the lists' live generations (migration 0008): an upload applying or a list being emptied is not seen half-way.
  (db: Kysely<DB>, p) => {
    const emails = p.emails && visibleEntries(db, p.accountId, 'email').select(['list', 'value']).where('value', 'in', p.emails);
    const telephones = p.telephones && visibleEntries(db, p.accountId, 'telephone').select(['list', 'value']).where('value', 'in', p.telephones);
    return emails && telephones ? emails.unionAll(telephones) : (emails ?? telephones)!;
  },
);

/** Which of these normalised e-mails and telephones are on their list. */
async function blacklisted(db: Kysely<DB>, accountId: number, emails: string[], telephones: string[]) {
  const listed = { email: new Set<string>(), telephone: new Set<string>() };
  if (emails.length === 0 && telephones.length === 0) return listed;
  const rows = await listedValues.execute(db, {
    accountId,
    emails: emails.length > 0 ? [...new Set(emails)] : undefined,
    telephones: telephones.length > 0 ? [...new Set(telephones)] : undefined,
  });
  for (const row of rows) (row.list === 'email' ? listed.email : listed.telephone).add(row.value);
  return listed;
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
    'users',
    rows.map((r) => r.id),
  );
  // Compared in the lists' own normalised form (L2); a value that cannot be normalised is on no list.
  const emailOf = new Map(rows.map((r) => [r.id, r.email ? normaliseEmail(r.email) : null]));
  const phoneOf = new Map(rows.map((r) => [r.id, r.telephone ? normaliseTelephone(r.telephone) : null]));
  const listed = await blacklisted(
    db,
    accountId,
    [...emailOf.values()].filter((v) => v !== null),
    [...phoneOf.values()].filter((v) => v !== null),
  );
  const emails = listed.email;
  const phones = listed.telephone;
  return rows.map((row) => {
    const email = emailOf.get(row.id);
    const phone = phoneOf.get(row.id);
    const [mailing, mailingReason] = flag(row.mailing_enabled, row.mailing_disabled_reason, !!email && emails.has(email));
    const [sms, smsReason] = flag(row.sms_enabled, row.sms_disabled_reason, !!phone && phones.has(phone));
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
