import { RapportError } from '@rapport/sdk';

// The API's 400 messages name the field first, "field: rule" (`email: must be a valid e-mail
// address`, `purchase_detail[0].sku: is required`). Forms show such a message next to the control
// with that name, and any other error above the form.

const FIELD_MESSAGE = /^([A-Za-z_][\w-]*(?:\[\d+\]|\.[\w-]+)*): (.+)$/s;

/** The field an error names, and its rule, or null when it names none (or is not an API 400). */
export function fieldOf(error: unknown): { field: string; rule: string } | null {
  if (!(error instanceof RapportError) || error.status !== 400) return null;
  const match = FIELD_MESSAGE.exec(error.message);
  return match ? { field: match[1]!, rule: match[2]! } : null;
}

/** True when the error is about `name` or something inside it (`tags` covers `tags[2]`). */
export function namesField(error: unknown, name: string): boolean {
  const named = fieldOf(error)?.field;
  if (!named) return false;
  return named === name || named.startsWith(`${name}.`) || named.startsWith(`${name}[`);
}

/** What to show a person for any error: the API's own message, else what went wrong. */
export function messageOf(error: unknown): string {
  if (error instanceof RapportError) return error.message;
  if (error instanceof TypeError) return `The server could not be reached (${error.message}).`;
  if (error instanceof Error) return error.message;
  return String(error);
}

export const isForbidden = (error: unknown): boolean => error instanceof RapportError && error.status === 403;
export const isNotFound = (error: unknown): boolean => error instanceof RapportError && error.status === 404;
