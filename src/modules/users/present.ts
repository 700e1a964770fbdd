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

export function presentUsers(rows: UserRow[], { custom, listed }: UserExtras): UserObject[] {
  return rows.map((row) => {
    const email = row.email ? normaliseEmail(row.email) : null;
    const phone = row.telephone ? normaliseTelephone(row.telephone) : null;
    const [mailing, mailingReason] = flag(row.mailing_enabled, row.mailing_disabled_reason, !!email && listed.email.has(email));
    const [sms, smsReason] = flag(row.sms_enabled, row.sms_disabled_reason, !!phone && listed.telephone.has(phone));
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
