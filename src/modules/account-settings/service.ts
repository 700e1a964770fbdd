import { NotFoundError, invalidField } from '../../lib/errors.js';
import { localeField } from '../../lib/locales.js';
import { timezoneField } from '../../lib/zones.js';
import type { AccountSettingsRepository, SettingsChange, SettingsRow } from './repository.js';

// T5: validated against what this Node knows (its ICU data): the codes, zones and tags a browser's
// Intl formats with as well (zones and tags by lib/).
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function currency(raw: string): string {
  const code = raw.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code) || !CURRENCIES.has(code)) throw invalidField('currency', 'must be an ISO 4217 currency code, e.g. USD, EUR, BRL');
  return code;
}

export class AccountSettingsService {
  constructor(private readonly deps: { settings: AccountSettingsRepository }) {}

  async get(accountId: number): Promise<SettingsRow> {
    const row = await this.deps.settings.find(accountId);
    if (!row) throw new NotFoundError('no such account');
    return row;
  }

  /** Partial: only the fields given change. */
  async update(accountId: number, body: Partial<SettingsRow>): Promise<SettingsRow> {
    const change: SettingsChange = {};
    if (body.name !== undefined) {
      const name = body.name.trim();
      if (name === '') throw invalidField('name', 'must not be blank');
      change.name = name;
    }
    if (body.currency !== undefined) change.currency = currency(body.currency);
    if (body.timezone !== undefined) change.timezone = timezoneField('timezone', body.timezone);
    if (body.locale !== undefined) change.locale = localeField('locale', body.locale);
    await this.deps.settings.update(accountId, change);
    return this.get(accountId);
  }
}
