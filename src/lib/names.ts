// The one name normaliser (C2): trim, strip accents, lowercase, spaces and `-` become `_`.

export const NAME_PATTERN = /^[a-z0-9_]{1,64}$/;

export function normaliseName(raw: string): string {
  return raw
    .trim()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[\s-]/g, '_');
}
