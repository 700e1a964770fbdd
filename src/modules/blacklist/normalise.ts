import { normaliseEmail, normaliseTelephone } from '../../lib/fields.js';

export { normaliseEmail, normaliseTelephone };

// L2: the lists' normalisation of values (lib/fields.ts holds the rules, which the users module's
// U4 comparison uses too: mailing_enabled/sms_enabled are false for a blacklisted e-mail/telephone).

export const BLACKLISTS = ['email', 'telephone'] as const;
export type BlacklistName = (typeof BLACKLISTS)[number];

export function isBlacklistName(value: unknown): value is BlacklistName {
  return value === 'email' || value === 'telephone';
}

/** The value as stored on that list, or null when it can never be on it. */
export function normaliseBlacklistValue(list: BlacklistName, raw: string): string | null {
  return list === 'email' ? normaliseEmail(raw) : normaliseTelephone(raw);
}
