// How the console writes numbers, money and moments for people, and reads numbers they type, in the
// account's settings (T5: currency, time zone, locale). The settings are read once after sign-in
// (api/settings.tsx) and set here before any page renders, so formatting stays a plain function
// that any cell or sentence can call, not a hook.

export interface DisplaySettings {
  /** ISO 4217, e.g. "USD". */
  currency: string;
  /** IANA, e.g. "UTC", "America/Montevideo". */
  timezone: string;
  /** BCP 47, e.g. "en", "es-UY". */
  locale: string;
}

/** T5's defaults: what the console shows while the account has no settings (or the route is not there yet). */
export const DEFAULT_SETTINGS: DisplaySettings = { currency: 'USD', timezone: 'UTC', locale: 'en' };

let current: DisplaySettings = DEFAULT_SETTINGS;
const formatters = new Map<string, Intl.NumberFormat>();
const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** Takes settings for every later call; an unusable value (unknown locale, currency, zone) falls back to its default. */
export function setDisplaySettings(settings: Partial<DisplaySettings>): DisplaySettings {
  const pick = <K extends keyof DisplaySettings>(key: K, usable: (value: string) => boolean) => {
    const value = settings[key];
    return typeof value === 'string' && value !== '' && usable(value) ? value : DEFAULT_SETTINGS[key];
  };
  const works = (make: () => unknown) => {
    try {
      make();
      return true;
    } catch {
      return false;
    }
  };
  current = {
    locale: pick('locale', (locale) => works(() => new Intl.NumberFormat(locale))),
    currency: pick('currency', (currency) => works(() => new Intl.NumberFormat('en', { style: 'currency', currency }))),
    timezone: pick('timezone', (timeZone) => works(() => new Intl.DateTimeFormat('en', { timeZone }))),
  };
  formatters.clear();
  dateFormatters.clear();
  return current;
}

export const displaySettings = (): DisplaySettings => current;

/**
 * The account locale's formatter for `options`, cached. Grouping is always on: Spanish (CLDR) leaves
 * four-digit numbers ungrouped ("1126,00"), which reads inconsistently beside "11.260,00".
 */
function formatter(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.NumberFormat(current.locale, { useGrouping: 'always', ...options } as Intl.NumberFormatOptions);
    formatters.set(key, found);
  }
  return found;
}

/**
 * The money formatter: the currency's symbol as Intl writes it in the locale ("$", "€", "US$"), or,
 * where the locale has only the bare code ("ARS" in Spanish), the narrow symbol ("$"): short enough
 * for the overview's cards and tables (the currency's name, "pesos argentinos", overflowed them).
 */
function moneyFormatter(): Intl.NumberFormat {
  const money = (currencyDisplay: 'symbol' | 'narrowSymbol') =>
    formatter(`money-${currencyDisplay}`, { style: 'currency', currency: current.currency, currencyDisplay, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const symbol = money('symbol');
  const shown = symbol.formatToParts(1).find((part) => part.type === 'currency')?.value;
  return shown === current.currency ? money('narrowSymbol') : symbol;
}

/** An amount of money in the account's currency, always with two decimals: "$46,052.10", "46.052,10 €", "1.126,00 $" (pesos, in Spanish); '—' for none. */
export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const amount = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(amount)) return String(value);
  return moneyFormatter().format(amount);
}

/** A percentage (12.5 for 12.5 %) in the account's locale: "12.5%", "12,5 %"; up to `digits` decimals. */
export function formatPercent(percent: number, digits = 1): string {
  return formatter(`p${digits}`, { style: 'percent', maximumFractionDigits: digits }).format(percent / 100);
}

/** The offset of a zone at a moment, as people read it: "GMT-3", "GMT+5:30", "GMT". */
export function zoneOffset(zone: string = current.timezone, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT';
}

/**
 * Places whose zone name alone says little: old spellings Intl still answers (ICU keeps the
 * canonical names of 2005: America/Godthab for Nuuk), and islands and stations named by one word.
 */
const PLACE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Asmara',
  'America/Coral_Harbour': 'Atikokan',
  'America/Godthab': 'Nuuk',
  'Asia/Calcutta': 'Kolkata',
  'Asia/Katmandu': 'Kathmandu',
  'Asia/Rangoon': 'Yangon',
  'Asia/Saigon': 'Ho Chi Minh City',
  'Atlantic/Canary': 'Canary Islands',
  'Atlantic/Faeroe': 'Faroe Islands',
  'Europe/Kiev': 'Kyiv',
  'Indian/Christmas': 'Christmas Island',
  'Indian/Cocos': 'Cocos Islands',
  'Pacific/Easter': 'Easter Island',
  'Pacific/Enderbury': 'Kanton',
  'Pacific/Ponape': 'Pohnpei',
  'Pacific/Truk': 'Chuuk',
};

/** Cities people know, under a three-part name (America/Argentina/Buenos_Aires): named alone. */
const KNOWN_CITIES = new Set(['Buenos Aires', 'Indianapolis', 'Louisville']);

/**
 * Argentine zones under their old two-part names (ICU's canonical ones, the names Chromium's
 * Intl.supportedValuesOf lists), by their IANA names today (America/Argentina/…).
 */
const ARGENTINE: Record<string, string> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
};

/** A zone by its IANA name today: America/Buenos_Aires is America/Argentina/Buenos_Aires. */
export const zoneOfToday = (zone: string): string => ARGENTINE[zone] ?? zone;

/**
 * Where a zone is, as people read it: its city, with the state, province or country when the city
 * alone is not one people know ("Center, North Dakota", "Salta, Argentina", "Casey, Antarctica").
 * `inList`: as a list of zones names it, where a known Argentine city says its country like its
 * neighbours ("Buenos Aires, Argentina" beside "Salta, Argentina").
 */
export function zonePlace(zone: string, inList = false): string {
  const today = zoneOfToday(zone);
  const parts = today.split('/').map((part) => part.replace(/_/g, ' '));
  const city = PLACE_NAMES[zone] ?? parts.at(-1) ?? zone;
  const known = KNOWN_CITIES.has(city) && !(inList && parts[1] === 'Argentina');
  if (parts.length > 2 && !known) return `${city}, ${parts[1]}`; // America/Indiana/Knox, America/Argentina/Salta
  if (parts[0] === 'Antarctica') return `${city}, Antarctica`;
  return city;
}

/**
 * A time zone's friendly name: "Buenos Aires (GMT-3)", "Knox, Indiana (GMT-6)"; "Greenwich time
 * (GMT)" for UTC; "Fixed offset (GMT-3)" for the Etc/ zones (Etc/GMT+3 is three hours behind).
 * The IANA name (America/Argentina/Buenos_Aires) is for developers: pages that show it show it as
 * secondary text.
 */
export function zoneName(zone: string = current.timezone, inList = false): string {
  if (zone === 'UTC' || zone === 'Etc/UTC' || zone === 'GMT') return 'Greenwich time (GMT)';
  if (zone.startsWith('Etc/')) return `Fixed offset (${zoneOffset(zone)})`;
  return `${zonePlace(zone, inList)} (${zoneOffset(zone)})`;
}

/** A count or a measure in the account's locale: "142,387"; up to `digits` decimals; '—' for none. */
export function formatCount(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatter(`n${digits}`, { maximumFractionDigits: digits }).format(value);
}

/** The account locale's decimal separator: "." or ",". */
export function decimalSeparator(): string {
  return formatter('n2', { maximumFractionDigits: 2 }).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
}

/** The account locale's grouping separator: "," in English, "." in Spanish, a narrow space in French. */
function groupSeparator(): string {
  return formatter('n0', { maximumFractionDigits: 0 }).formatToParts(1234567).find((part) => part.type === 'group')?.value ?? ',';
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression's source for digits grouped as the locale groups them, in well-formed groups of three ("1.234.567" in Spanish). */
const groupedDigits = (group: string): string => `\\d{1,3}(${escapeRegExp(group)}\\d{3})+`;

/**
 * A typed whole number: digits, or digits grouped as the locale groups them, in well-formed groups
 * of three only ("1.500" and "1.234.567" in Spanish, "1,500" in English; "1.50" or "15.00" are
 * no whole number, refused rather than guessed). Null when the text is not one, or beyond what a
 * number holds exactly.
 */
export function parseWhole(text: string): number | null {
  const trimmed = text.trim();
  const group = groupSeparator();
  if (!new RegExp(`^[-+]?(\\d+|${groupedDigits(group)})$`).test(trimmed)) return null;
  const value = Number(trimmed.split(group).join(''));
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * What a typed number is, in the locale's terms, grouped or not. Digits in well-formed groups of
 * three after the locale's group separator are thousands, with or without decimals after them:
 * "1.500", "12.345.678" and "1.500,25" in Spanish, "1,500" and "1,500.25" in English (a first group
 * of 0, "0.500", is no grouping). Otherwise the decimal separator is the locale's: where it is a
 * comma ("129,95"), a dot still reads as one when it is not followed by exactly three digits, as
 * people paste "89.95"; elsewhere only the dot is ("1,5" is refused in English). Null when the text
 * is not a number. The one reader of typed decimals (readNumber), for checking and for sending.
 */
export function parseDecimal(text: string): number | null {
  let trimmed = text.trim();
  const decimal = decimalSeparator();
  const group = groupSeparator();
  const grouped = new RegExp(`^[-+]?[1-9]\\d{0,2}(${escapeRegExp(group)}\\d{3})+(${escapeRegExp(decimal)}\\d*)?$`);
  if (grouped.test(trimmed)) trimmed = trimmed.split(group).join('').replace(decimal, '.');
  else if (decimal === ',' && /^[-+]?\d*,\d*$/.test(trimmed)) trimmed = trimmed.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A stored number as a form shows it to be edited, in the locale's terms: "1.139,5", "1.500" in
 * Spanish, "1,139.5" in English; every decimal kept, so that parseDecimal and parseWhole read it
 * back to the same value (an unchanged field sends nothing). '' for none; text that is no number
 * stays as it came.
 */
export function numberAsTyped(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const number = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(number)) return String(value);
  return formatter('typed', { maximumFractionDigits: 20 }).format(number);
}

// Dates and moments for people (docs/console.md, "Dates"): digits in the account locale's order,
// day and month two digits wide so that columns line up ("29/12/2026" in es and en-GB, "12/29/2026"
// in en-US), times 24 h where the locale writes them so (else 12 h, "09:30 PM"), and the zone as
// "GMT-3" ("UTC" for an account in UTC). Words (month and weekday names, AM/PM) are English, the
// console's language, never the locale's (lib/dates.ts formatDay). What machines read stays
// year first: CSV files, URLs, what is sent to the API.


/** A cached Intl.DateTimeFormat of `locale` (the account's by default) for `options`. */
function dateFormatter(options: Intl.DateTimeFormatOptions, locale: string = current.locale): Intl.DateTimeFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let found = dateFormatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, options);
    dateFormatters.set(key, found);
  }
  return found;
}

/** A moment's date in digits, the account locale's order, on the clocks of `zone` (the account's): "29/12/2026", "12/29/2026". */
export function numericDate(ms: number, zone: string = current.timezone): string {
  return dateFormatter({ timeZone: zone, day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date(ms));
}

/** Day and month only, the account locale's order, for chart axes: "04/11" (es), "11/04" (en-US). */
export function shortDate(ms: number, zone: string = current.timezone): string {
  return dateFormatter({ timeZone: zone, day: '2-digit', month: '2-digit' }).format(new Date(ms));
}

/** A month in digits, the account locale's order: "11/2026". */
export function numericMonth(ms: number, zone: string = current.timezone): string {
  return dateFormatter({ timeZone: zone, month: '2-digit', year: 'numeric' }).format(new Date(ms));
}

/** Whether the account's locale writes times on a 12-hour clock (en-US) rather than 24 h (es, en-GB). */
function twelveHours(): boolean {
  const cycle = dateFormatter({ hour: 'numeric' }).resolvedOptions().hourCycle;
  return cycle === 'h12' || cycle === 'h11';
}

/** Hour and minute of a moment on the clocks of `zone` (the account's): "21:30", or "09:30 PM" where the locale uses 12 h (AM/PM in English). */
export function clockTime(ms: number, zone: string = current.timezone): string {
  const twelve = twelveHours();
  return dateFormatter({ timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: twelve ? 'h12' : 'h23' }, twelve ? 'en-US' : 'en-GB')
    .format(new Date(ms))
    .replace(/\u202f/g, ' ');
}

/**
 * A moment (milliseconds) in the account's time zone and locale order, the console's one format
 * for moments (lib/dates.ts showDateTime): "01/03/2026 06:30 GMT-3" (es), "03/01/2026 09:30 AM UTC" (en).
 */
export function zonedDateTime(ms: number): string {
  const zone =
    current.timezone === 'UTC'
      ? 'UTC'
      : (dateFormatter({ timeZone: current.timezone, timeZoneName: 'short' }, 'en-US').formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName')?.value ?? '');
  return `${numericDate(ms)} ${clockTime(ms)} ${zone}`.trim();
}
