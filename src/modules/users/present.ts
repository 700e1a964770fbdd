import { normaliseEmail, normaliseTelephone } from '../../lib/fields.js';
import type { RecordedPoints, UserRow } from './repository.js';
import type { LedgerEntry, UserObject } from './schemas.js';

// Builds the U4 user object. mailing/sms flags combine the user's own flag with the blacklists.

function flag(enabled: number, reason: string | null, onList: boolean): [boolean, string | null] {
  if (!enabled) return [false, reason];
  if (onList) return [false, 'blacklist'];
  return [true, null];
}

/** What the blacklists are compared in: the lists' own normalised form (L2); a value that cannot be normalised is on no list. */
export function listedForms(rows: UserRow[]): { emails: string[]; telephones: string[] } {
  return {
    emails: rows.flatMap((r) => (r.email ? [normaliseEmail(r.email)] : [])).filter((v) => v !== null),
    telephones: rows.flatMap((r) => (r.telephone ? [normaliseTelephone(r.telephone)] : [])).filter((v) => v !== null),
  };
}

export interface UserExtras {
  custom: Map<number, Record<string, unknown>>;
  listed: { email: Set<string>; telephone: Set<string> };
}

const mailing = (row: UserRow, extras: UserExtras) => {
  const email = row.email ? normaliseEmail(row.email) : null;
  return flag(row.mailing_enabled, row.mailing_disabled_reason, !!email && extras.listed.email.has(email));
};
const sms = (row: UserRow, extras: UserExtras) => {
  const phone = row.telephone ? normaliseTelephone(row.telephone) : null;
  return flag(row.sms_enabled, row.sms_disabled_reason, !!phone && extras.listed.telephone.has(phone));
};

export function presentUsers(rows: UserRow[], extras: UserExtras): UserObject[] {
  return rows.map((row) => {
    const [mailingEnabled, mailingReason] = mailing(row, extras);
    const [smsEnabled, smsReason] = sms(row, extras);
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
      custom_attributes: extras.custom.get(row.id) ?? {},
      mailing_enabled: mailingEnabled,
      sms_enabled: smsEnabled,
      mailing_enabled_reason: mailingReason,
      sms_enabled_reason: smsReason,
      createtime: row.createtime,
      updatetime: row.updatetime,
    };
  });
}

/** How one U4 field is read from a row: the columns it needs and what else (custom values, the blacklists). */
export interface UserFieldSource {
  columns: readonly (keyof UserRow)[];
  needs?: 'custom' | 'listed';
  value(row: UserRow, extras: UserExtras): unknown;
}

const column = (name: keyof UserRow & keyof UserObject): UserFieldSource => ({ columns: [name], value: (row) => row[name] });
const MAILING_COLUMNS = ['email', 'mailing_enabled', 'mailing_disabled_reason'] as const;
const SMS_COLUMNS = ['telephone', 'sms_enabled', 'sms_disabled_reason'] as const;

/**
 * U4's fields one by one, as presentUsers builds them (a test holds the two to the same answer), for
 * a reader that wants a few fields of many users (SG6's export) without reading or building the rest.
 */
export const USER_FIELD_SOURCES: Readonly<Record<keyof UserObject, UserFieldSource>> = {
  userapp_id: { columns: ['id'], value: (row) => row.id },
  user_id: { columns: ['id'], value: (row) => row.id },
  service_uid: column('service_uid'),
  email: column('email'),
  document: column('document'),
  document_type: column('document_type'),
  first_name: column('first_name'),
  last_name: column('last_name'),
  telephone: column('telephone'),
  birthdate: column('birthdate'),
  gender: column('gender'),
  street: column('street'),
  postcode: column('postcode'),
  city: column('city'),
  department: column('department'),
  state: column('state'),
  country: column('country'),
  marital_status: column('marital_status'),
  tags: { columns: ['tags'], value: (row) => JSON.parse(row.tags) as string[] },
  points: column('points'),
  notes: column('notes'),
  club_inscription_date: column('club_inscription_date'),
  custom_attributes: { columns: ['id'], needs: 'custom', value: (row, extras) => extras.custom.get(row.id) ?? {} },
  mailing_enabled: { columns: MAILING_COLUMNS, needs: 'listed', value: (row, extras) => mailing(row, extras)[0] },
  sms_enabled: { columns: SMS_COLUMNS, needs: 'listed', value: (row, extras) => sms(row, extras)[0] },
  mailing_enabled_reason: { columns: MAILING_COLUMNS, needs: 'listed', value: (row, extras) => mailing(row, extras)[1] },
  sms_enabled_reason: { columns: SMS_COLUMNS, needs: 'listed', value: (row, extras) => sms(row, extras)[1] },
  createtime: column('createtime'),
  updatetime: column('updatetime'),
};

/** A points_transactions row as GET /users/{id}/transactions answers it (U8). */
export function presentLedgerEntry(row: RecordedPoints['row']): LedgerEntry {
  return { id: row.id, concept: row.concept, points: row.points, description: row.description, balance: row.balance_after, createtime: row.createtime };
}

/** W2 `points.changed`: whose points (as user events name a user) and the ledger entry, whose `balance` is the balance after it. */
export function presentPointsChange(recorded: RecordedPoints) {
  const { user } = recorded;
  return { user: { userapp_id: user.id, user_id: user.id, service_uid: user.service_uid, email: user.email }, transaction: presentLedgerEntry(recorded.row) };
}

/**
 * W2 `user.deleted`: the erased customer's ids (U4's names), nothing more: what the erasure removed
 * (D1) stays out of the webhook delivery log.
 */
export function presentDeletedUser(user: { id: number; service_uid: string | null }) {
  return { userapp_id: user.id, user_id: user.id, service_uid: user.service_uid };
}
