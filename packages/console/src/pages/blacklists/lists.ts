export type ListName = 'email' | 'telephone';

export const LISTS = [
  { value: 'email', label: 'E-mail addresses' },
  { value: 'telephone', label: 'Telephones' },
] as const;
