import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { formatMoney, setDisplaySettings, zoneName, zoneOfToday } from '../../lib/format.js';

// The account's settings (T5): its name, the currency money is shown in, the time zone of dates,
// the locale of numbers. GET|PUT /account/settings; once saved, the console's figures follow at once.

type Settings = GetResult<'/account/settings'>;

const supported = (kind: 'currency' | 'timeZone', fallback: readonly string[]): readonly string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.(kind) ?? fallback;
  } catch {
    return fallback;
  }
};

const CURRENCIES = supported('currency', ['ARS', 'BRL', 'CLP', 'COP', 'EUR', 'GBP', 'MXN', 'PEN', 'USD', 'UYU']);
// Chromium lists the old names of Argentine zones (America/Buenos_Aires): offered by today's (America/Argentina/Buenos_Aires).
const TIME_ZONES = ['UTC', ...supported('timeZone', ['America/Argentina/Buenos_Aires', 'America/Mexico_City', 'America/New_York', 'America/Sao_Paulo', 'Europe/Lisbon', 'Europe/London', 'Europe/Madrid']).map(zoneOfToday)];
const LOCALES = ['en', 'en-GB', 'en-US', 'es', 'es-AR', 'es-ES', 'es-MX', 'pt', 'pt-BR', 'pt-PT', 'fr', 'de', 'it'];

/**
 * The choices, the current one included, by `label` (what people read), sorted by it; of values
 * read alike (a zone and its alias: America/Argentina/Buenos_Aires, America/Buenos_Aires) only the
 * first, the current one first.
 */
function options(values: readonly string[], current: string, label: (value: string) => string) {
  const byLabel = new Map<string, string>();
  for (const value of new Set([current, ...values])) if (!byLabel.has(label(value))) byLabel.set(label(value), value);
  return [...byLabel].map(([text, value]) => ({ value, label: text })).sort((a, b) => a.label.localeCompare(b.label));
}

/** A currency by its name, its code after it for whoever knows it so: "Argentine peso (ARS)". */
function currencyLabel(code: string): string {
  try {
    const named = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code) ?? code;
    return named === code ? code : `${named} (${code})`;
  } catch {
    return code;
  }
}

function languageName(locale: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(locale) ?? locale;
  } catch {
    return locale;
  }
}

function SettingsForm({ settings }: { settings: Settings }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(settings.name);
  const [currency, setCurrency] = useState(settings.currency);
  const [timezone, setTimezone] = useState(settings.timezone);
  const [locale, setLocale] = useState(settings.locale);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation((api, body: Partial<Settings>) => api.PUT('/account/settings', { body }), {
    onSuccess: (answer) => {
      setDisplaySettings(answer);
      setSaved(true);
      void queryClient.invalidateQueries({ queryKey: ['api'] });
    },
  });
  const edit = <T,>(set: (value: T) => void) => (value: T) => {
    setSaved(false);
    set(value);
  };
  return (
    <Form label="Account settings" error={save.error} validate={() => (name.trim() === '' ? { name: 'Type the account’s name.' } : null)} onSubmit={() => save.mutate({ name: name.trim(), currency, timezone, locale })}>
      {saved && !save.error ? (
        <p className="notice" role="status" data-testid="settings-saved">
          Saved: money is now shown like {formatMoney(1234.5)}, and dates and times in {zoneName()}.
        </p>
      ) : null}
      <TextField
        label="Account name"
        name="name"
        value={name}
        onValue={edit(setName)}
        hint={settings.name === 'default' ? '“default” is the name the account got when it was set up: give it your shop’s or brand’s name.' : 'Your shop’s or brand’s name.'}
      />
      <SelectField label="Currency" name="currency" value={currency} onValue={edit(setCurrency)} options={options(CURRENCIES, settings.currency, currencyLabel)} hint="Money everywhere in the console is shown in this currency." />
      <SelectField label="Time zone" name="timezone" value={timezone} onValue={edit(setTimezone)} options={options(TIME_ZONES, settings.timezone, (zone) => zoneName(zone, true))}
        hint={
          <>
            Dates and times are shown in this zone. <small className="code" data-testid="zone-code">{timezone}</small>
          </>
        }
      />
      <SelectField
        label="Locale"
        name="locale"
        value={locale}
        onValue={edit(setLocale)}
        options={options(LOCALES, settings.locale, (value) => `${languageName(value)} (${value})`)}
        hint="How numbers are written and read (a comma as the decimal separator where the locale uses one)."
      />
      <SubmitButton busy={save.isPending}>Save the settings</SubmitButton>
    </Form>
  );
}

export default function SettingsPage() {
  const settings = useGet('/account/settings');
  return (
    <Page title="Settings">
      <QueryView query={settings}>{(answer) => <SettingsForm settings={answer} />}</QueryView>
    </Page>
  );
}
