import { decimalSeparator } from '../../lib/locales.js';
import { parseDateTime } from '../../lib/time.js';
import { zoneMinute } from '../../lib/zones.js';
import type { UserObject } from '../users/schemas.js';

// SG6's `layout=spreadsheet`: the same members and columns as the default CSV, written for a person
// opening the file in a spreadsheet program rather than for a program reading it. Headers in words
// (the console's), value groups as the console names them, times on the clocks of a zone as
// `YYYY-MM-DD HH:MM`, and, where the locale writes decimals with a comma, `;` between fields and
// decimal commas (what spreadsheet programs of those locales expect). The default layout is untouched.

export const EXPORT_LAYOUTS = ['program', 'spreadsheet'] as const;
export type ExportLayout = (typeof EXPORT_LAYOUTS)[number];

/**
 * U4's fields in the console's words (docs/console.md's glossary): the words its export offers the
 * columns under (packages/console/src/pages/segments/export-columns.tsx, a separate build), which
 * the console's browser test holds to these headers.
 */
const FIELD_HEADERS: Readonly<Record<keyof UserObject, string>> = {
  userapp_id: 'Customer number',
  user_id: 'Customer number (again)',
  service_uid: 'Customer ID in your shop',
  email: 'E-mail',
  document: 'Document',
  document_type: 'Document type',
  first_name: 'First name',
  last_name: 'Last name',
  telephone: 'Telephone',
  birthdate: 'Birthdate',
  gender: 'Gender',
  street: 'Street',
  postcode: 'Postcode',
  city: 'City',
  department: 'Department',
  state: 'State',
  country: 'Country',
  marital_status: 'Marital status',
  tags: 'Tags',
  points: 'Points',
  notes: 'Notes',
  club_inscription_date: 'Club inscription date',
  custom_attributes: 'Custom attributes',
  mailing_enabled: 'Accepts e-mail',
  sms_enabled: 'Accepts SMS',
  mailing_enabled_reason: 'Why e-mail is not accepted',
  sms_enabled_reason: 'Why SMS is not accepted',
  createtime: 'Created',
  updatetime: 'Updated',
};

const SCORE_HEADERS: Readonly<Record<string, string>> = {
  'rfm.recency': 'Recency score',
  'rfm.frequency': 'Frequency score',
  'rfm.monetary': 'Monetary score',
  'rfm.value_group': 'Value group',
};

/** U4's datetimes (G7: UTC text), shown on the zone's clocks; birthdate is a calendar day and stays. */
const TIME_FIELDS: ReadonlySet<string> = new Set(['createtime', 'updatetime', 'club_inscription_date']);

/** One column of the spreadsheet layout: its header and how a value is written. */
export interface SpreadsheetColumn {
  header: string;
  cell(value: unknown): string;
}

export interface SpreadsheetOptions {
  timezone: string;
  locale: string;
}

/** A custom attribute as the account defined it: headed by its label, a timestamp one read as a time. */
export interface AttributeColumn {
  label: string;
  dataType: string;
}

export class SpreadsheetLayout {
  readonly separator: ',' | ';';
  private readonly decimal: string;

  constructor(private readonly options: SpreadsheetOptions) {
    this.decimal = decimalSeparator(options.locale);
    this.separator = this.decimal === ',' ? ';' : ',';
  }

  /** The column of `field` (U4, `rfm.*`), or of a custom attribute when `attribute` is given. */
  column(field: string, attribute?: AttributeColumn): SpreadsheetColumn {
    if (attribute) return { header: attribute.label, cell: attribute.dataType === 'timestamp' ? (value) => this.time(value) : (value) => this.text(value) };
    if (field === 'rfm.value_group') return { header: SCORE_HEADERS[field]!, cell: (value) => (typeof value === 'string' ? groupName(value) : '') };
    if (TIME_FIELDS.has(field)) return { header: FIELD_HEADERS[field as keyof UserObject], cell: (value) => this.time(value) };
    return { header: SCORE_HEADERS[field] ?? FIELD_HEADERS[field as keyof UserObject] ?? field, cell: (value) => this.text(value) };
  }

  /** One line: each field quoted when it holds the separator, a quote or a line break (RFC 4180). */
  line(cells: readonly string[]): string {
    return `${cells.map((cell) => (cell.includes(this.separator) || /["\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(this.separator)}\r\n`;
  }

  private time(value: unknown): string {
    if (typeof value !== 'string') return this.text(value);
    const at = parseDateTime(value);
    return at ? zoneMinute(this.options.timezone, at) : this.text(value);
  }

  private text(value: unknown): string {
    if (value === null || value === undefined) return '';
    if (typeof value === 'number') return String(value).replace('.', this.decimal);
    if (typeof value === 'boolean') return value ? 'Yes' : 'No';
    if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) return value.map((v) => this.text(v)).join(', ');
    if (typeof value === 'object') return JSON.stringify(value);
    return inert(String(value));
  }
}

/** A value group's code as the console names it: `at_risk` is "At risk" (console lib/value-groups.ts). */
function groupName(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Text a spreadsheet program would run as a formula (`=`, `@`, or `+`/`-` not followed by a number
 * or a telephone number) starts with an apostrophe, so that a customer's name cannot become a formula
 * in the reader's program (OWASP's CSV injection advice).
 */
function inert(text: string): string {
  if (/^[=@\t\r]/.test(text) || (/^[+-]/.test(text) && !/^[+-][\d\s().-]*$/.test(text))) return `'${text}`;
  return text;
}
