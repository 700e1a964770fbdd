import emailValidator from 'email-validator';

// L2: the one normalisation of blacklist values, shared by the upload, the check endpoint and the
// users module (U4 compares a user's e-mail and telephone with the lists through this function).

export const BLACKLISTS = ['email', 'telephone'] as const;
export type BlacklistName = (typeof BLACKLISTS)[number];

export function isBlacklistName(value: unknown): value is BlacklistName {
  return value === 'email' || value === 'telephone';
}

/** Lowercased and trimmed; null when it is not a valid address. */
export function normaliseEmail(raw: string): string | null {
  const value = raw.trim().toLowerCase();
  return emailValidator.validate(value) ? value : null;
}

const TELEPHONE_NOISE = /[\s.\-()]/g;
const TELEPHONE = /^\+?\d{6,15}$/;

/** A leading `+` and digits only (spaces, dots, dashes, parentheses removed), 6 to 15 digits; else null. */
export function normaliseTelephone(raw: string): string | null {
  const value = raw.replace(TELEPHONE_NOISE, '');
  return TELEPHONE.test(value) ? value : null;
}

/** The value as stored on that list, or null when it can never be on it. */
export function normaliseBlacklistValue(list: BlacklistName, raw: string): string | null {
  return list === 'email' ? normaliseEmail(raw) : normaliseTelephone(raw);
}
