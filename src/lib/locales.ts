import { invalidField } from './errors.js';

// T5's locale (BCP 47), checked against what this Node knows (its ICU data): the tags a browser's
// Intl formats with as well.

/** The canonical BCP 47 tag of `raw`, trimmed; else a 400 naming `field`. */
export function localeField(field: string, raw: string): string {
  try {
    const [tag] = Intl.getCanonicalLocales(raw.trim());
    if (tag) return tag;
  } catch {
    // falls through to the 400
  }
  throw invalidField(field, 'must be a BCP 47 language tag, e.g. en, en-GB, pt-BR');
}

/** The character a locale writes between the whole and the fractional part of a number. */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}
