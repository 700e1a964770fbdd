// Checks a form makes before it calls the API (<Form validate>): required fields filled, numbers
// typed as numbers. Each check answers what to do, in the console's words, or null when the value
// is fine. The API still checks everything (and its message shows under the field it names); these
// only spare people the validator's wording for the mistakes everyone makes.

import { decimalSeparator, formatCount, parseDecimal, parseWhole } from './format.js';

/** Problems by field name (the API's field names, as the Fields are named). */
export type Problems = Record<string, string>;

/** The problems that are not null, or null when there are none. */
export function problems(checks: Record<string, string | null | undefined>): Problems | null {
  const found = Object.fromEntries(Object.entries(checks).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return Object.keys(found).length > 0 ? found : null;
}

/**
 * The number text stands for, or null when it is not one. A decimal field (`whole` false) reads
 * decimals with a dot, or a comma where the account's locale writes one (parseDecimal); a whole
 * number field reads digits, grouped as the locale groups thousands or not ("1.500" in es, "1,500"
 * in en: parseWhole). The one reader of typed numbers: what a form checks with it is what it sends
 * (numberOrText).
 */
export function readNumber(text: string, whole = false): number | null {
  return whole ? parseWhole(text) : parseDecimal(text);
}

// Values in forms are text; the API is strict about types (G8: "12" is not a number), so text that
// reads as a number is sent as one and anything else is sent as typed, for the API to name.

/** Text to the number readNumber reads in it; '' to undefined; anything else stays text (the API says why). */
export function numberOrText(text: string, whole = false): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return readNumber(trimmed, whole) ?? trimmed;
}

/**
 * What to do when a decimal field holds no number, in the locale's words: "Type a number, with a
 * comma for decimals (like 12,50)." in es, "… a dot … (like 12.50)." in en; `bound` goes after
 * "a number" (", 0 or more"). Every decimal field says it so (forms, the segment builder).
 */
export function notANumber(bound = ''): string {
  const comma = decimalSeparator() === ',';
  return `Type a number${bound}, with a ${comma ? 'comma' : 'dot'} for decimals (like ${comma ? '12,50' : '12.50'}).`;
}

/** What to do when a whole-number field holds none ("1,5" in es, "ten"): "Type a whole number, digits only (like 1.500)." with the locale's grouping. */
export function notAWholeNumber(example: number | string = 1500, what = 'a whole number'): string {
  return `Type ${what}, digits only (like ${typeof example === 'number' ? formatCount(example) : example}).`;
}

export const check = {
  /** Something must be typed (or chosen). */
  filled(text: string, what = 'Fill this in.'): string | null {
    return text.trim() === '' ? what : null;
  },

  /** A whole number within bounds; empty is fine when `optional`. */
  wholeNumber(text: string, { min, max, optional = false, nonZero = false, example = '10' }: { min?: number; max?: number; optional?: boolean; nonZero?: boolean; example?: string } = {}): string | null {
    if (text.trim() === '') return optional ? null : 'Fill this in.';
    const value = readNumber(text, true);
    if (value === null) return notAWholeNumber(example, `a whole number${min !== undefined ? `, ${formatCount(min)} or more` : ''}`);
    if (nonZero && value === 0) return 'Type a number other than 0.';
    if (min !== undefined && value < min) return `Type ${formatCount(min)} or more.`;
    if (max !== undefined && value > max) return `Type ${formatCount(max)} or less.`;
    return null;
  },

  /** A number (decimals as the locale writes them, readNumber); empty is fine when `optional`. */
  number(text: string, { min, optional = false }: { min?: number; optional?: boolean } = {}): string | null {
    if (text.trim() === '') return optional ? null : 'Fill this in.';
    const value = readNumber(text);
    if (value === null) return notANumber(min === 0 ? ', 0 or more' : '');
    if (min !== undefined && value < min) return `Type ${formatCount(min)} or more.`;
    return null;
  },

  /** An e-mail address; empty is fine when `optional`. */
  email(text: string, { optional = false }: { optional?: boolean } = {}): string | null {
    if (text.trim() === '') return optional ? null : 'Fill this in.';
    return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim()) ? null : 'Type an e-mail address, like ana@example.com.';
  },
};

/** Two names as people read them: the same but for case, accents and surrounding spaces (a duplicate's check). */
export const sameText = (a: string, b: string): boolean => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'base' }) === 0;

/** Two codes (SKUs) as people type them: the same but for case and surrounding spaces (accents count: a code is spelt exactly). */
export const sameCode = (a: string, b: string): boolean => a.trim().localeCompare(b.trim(), undefined, { sensitivity: 'accent' }) === 0;
