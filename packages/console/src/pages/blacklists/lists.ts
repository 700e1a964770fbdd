export type ListName = 'email' | 'telephone';

export const LISTS = [
  { value: 'email', label: 'E-mail addresses' },
  { value: 'telephone', label: 'Telephones' },
] as const;

/**
 * A value as the list stores it (L2): an e-mail trimmed and lowercased; a telephone with its
 * leading `+` and digits only. The console's messages name the entry as the list shows it.
 */
export function storedValue(list: ListName, typed: string): string {
  const value = typed.trim();
  if (list === 'email') return value.toLowerCase();
  return (value.startsWith('+') ? '+' : '') + value.replace(/[^0-9]/g, '');
}
