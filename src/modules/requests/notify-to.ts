import emailValidator from 'email-validator';
import { invalidField } from '../../http/errors.js';

/** K2: `notify_to` is optional; when given (non-empty) it must be a valid e-mail address. */
export function parseNotifyTo(value: string | undefined): string | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (!emailValidator.validate(trimmed)) throw invalidField('notify_to', 'must be a valid e-mail address');
  return trimmed;
}
