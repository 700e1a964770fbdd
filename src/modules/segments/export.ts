import { PassThrough, type Readable } from 'node:stream';
import { invalidField } from '../../lib/errors.js';
import { given } from '../../lib/fields.js';
import { localeField } from '../../lib/locales.js';
import { timezoneField } from '../../lib/zones.js';
import type { AccountSettingsRepository } from '../account-settings/repository.js';
import type { UserDirectory } from '../users/directory.js';
import { USER_FIELD_SOURCES, type UserExtras, type UserFieldSource } from '../users/present.js';
import type { UserRow } from '../users/repository.js';
import type { UserObject } from '../users/schemas.js';
import type { SegmentMembers } from './members.js';
import type { SegmentsRepository } from './repository.js';
import { DEFAULT_EXPORT_FIELDS, EXPORT_FORMATS, type SegmentExportQuery } from './schemas.js';
import type { SegmentsService } from './service.js';
import { EXPORT_LAYOUTS, type ExportLayout, SpreadsheetLayout } from './spreadsheet.js';

/** Members' rows read per statement while exporting. */
const EXPORT_PAGE = 1000;

const ATTRIBUTE_PREFIX = 'custom_attributes.';

type Format = (typeof EXPORT_FORMATS)[number];

/** U14's scores of one customer, as the rfm.* fields name them. */
export interface ExportScores {
  recency: number;
  frequency: number;
  monetary: number;
  value_group: string;
}

/** What an export reads, bound to one snapshot of the database. */
export interface ExportSnapshot {
  segments: Pick<SegmentsRepository, 'catalogue'>;
  members: Pick<SegmentMembers, 'memberIds' | 'usersByIds'>;
  directory: Pick<UserDirectory, 'extras'>;
  /** U14: the scores of a page of members (the value-groups module's, wired in src/services.ts). */
  scores: { scoresOfMany(accountId: number, userIds: readonly number[]): Promise<Map<number, ExportScores>> };
}

export interface SegmentExportDeps {
  service: Pick<SegmentsService, 'requireSegment' | 'compile'>;
  /** T5: the account's zone and locale, the spreadsheet layout's defaults. */
  settings: Pick<AccountSettingsRepository, 'find'>;
  snapshot<T>(work: (repositories: ExportSnapshot) => Promise<T>): Promise<T>;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

/** U14's fields, named as segments name them (SG2); a customer without scores has none (absent). */
const RFM_FIELDS: Record<string, keyof ExportScores> = {
  'rfm.recency': 'recency',
  'rfm.frequency': 'frequency',
  'rfm.monetary': 'monetary',
  'rfm.value_group': 'value_group',
};

/** Every name `fields` takes but the custom attributes' own, in U4's order: what a refusal lists. */
export const EXPORT_FIELD_NAMES: readonly string[] = [...Object.keys(USER_FIELD_SOURCES), ...Object.keys(RFM_FIELDS)];

/** A field's source; `scores` (a page's scores by user id) are read only when a field needs them. */
type ExportSource = Omit<UserFieldSource, 'needs' | 'value'> & {
  needs?: UserFieldSource['needs'] | 'scores';
  value(row: UserRow, extras: UserExtras, scores: Map<number, ExportScores>): unknown;
};

/** Where a named field comes from: a U4 field (SG6 `fields`), one custom attribute, or a U14 score. */
function sourceOf(field: string): ExportSource | undefined {
  if (Object.hasOwn(USER_FIELD_SOURCES, field)) return USER_FIELD_SOURCES[field as keyof UserObject];
  if (Object.hasOwn(RFM_FIELDS, field)) {
    const key = RFM_FIELDS[field]!;
    return { columns: ['id'], needs: 'scores', value: (row, _extras, scores) => scores.get(Number(row.id))?.[key] };
  }
  if (!field.startsWith(ATTRIBUTE_PREFIX) || field.length === ATTRIBUTE_PREFIX.length) return undefined;
  const name = field.slice(ATTRIBUTE_PREFIX.length);
  return { columns: ['id'], needs: 'custom', value: (row, extras) => extras.custom.get(row.id)?.[name] };
}

/** RFC 4180: quoted when it holds a quote, comma or line break; an absent value is an empty field. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object')) text = value.join(',');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** How each line is written: the default CSV's fields, NDJSON's objects, or a spreadsheet's cells. */
type Writer = { format: 'csv' | 'ndjson' } | { format: 'spreadsheet'; layout: SpreadsheetLayout; cells: readonly ((value: unknown) => string)[] };

function linesOf(writer: Writer, fields: readonly string[], sources: readonly ExportSource[], rows: UserRow[], extras: UserExtras, scores: Map<number, ExportScores>): string {
  let text = '';
  for (const row of rows) {
    if (writer.format === 'spreadsheet') {
      text += writer.layout.line(sources.map((source, i) => writer.cells[i]!(source.value(row, extras, scores))));
    } else if (writer.format === 'csv') {
      for (let i = 0; i < sources.length; i += 1) text += (i === 0 ? '' : ',') + csvField(sources[i]!.value(row, extras, scores));
      text += '\r\n';
    } else {
      const object: Record<string, unknown> = {};
      for (let i = 0; i < sources.length; i += 1) object[fields[i]!] = sources[i]!.value(row, extras, scores) ?? null;
      text += `${JSON.stringify(object)}\n`;
    }
  }
  return text;
}

/** SG6: every member, streamed in userapp_id order from one snapshot taken at the start. */
export class SegmentExport {
  constructor(private readonly deps: SegmentExportDeps) {}

  async export(accountId: number, ref: string, query: SegmentExportQuery): Promise<ExportFile> {
    const format = (given(query.format)?.trim() ?? 'csv') as Format;
    if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', `"${query.format}" is not a format: csv or ndjson`);
    const spreadsheet = await this.spreadsheetOptions(accountId, format, query);
    const fields = given(query.fields) === undefined ? [...DEFAULT_EXPORT_FIELDS] : query.fields!.split(',').map((field) => field.trim());
    const sources = fields.map((field) => {
      const source = sourceOf(field);
      if (!source) throw invalidField('fields', `"${field}" is not a customer field, custom_attributes.<name> nor an rfm.* score; the fields are ${EXPORT_FIELD_NAMES.join(', ')}, custom_attributes.<name>`);
      return source;
    });
    // Only the columns and extras the named fields are made of are read.
    const columns = [...new Set<keyof UserRow>(['id', ...sources.flatMap((source) => source.columns)])];
    const wanted = { custom: sources.some((source) => source.needs === 'custom'), listed: sources.some((source) => source.needs === 'listed') };
    if (new Set(fields).size !== fields.length) throw invalidField('fields', 'names a field twice');
    const row = await this.deps.service.requireSegment(accountId, ref);
    const attributes = fields.filter((field) => field.startsWith(ATTRIBUTE_PREFIX)).map((field) => field.slice(ATTRIBUTE_PREFIX.length));

    const body = new PassThrough();
    let started: () => void = () => {};
    const firstWrite = new Promise<'started'>((resolve) => (started = () => resolve('started')));
    // A client that goes away destroys the body: the export stops and its snapshot ends.
    const drained = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          body.off('drain', done);
          body.off('close', done);
          resolve();
        };
        body.on('drain', done);
        body.on('close', done);
      });
    const write = async (text: string) => {
      started();
      if (!body.destroyed && !body.write(text)) await drained();
    };
    const withScores = sources.some((source) => source.needs === 'scores');
    const run = this.deps.snapshot(async ({ segments, members, directory, scores }) => {
      const catalogue = await segments.catalogue(accountId);
      const unknown = attributes.find((name) => !catalogue.attributes.has(name));
      if (unknown !== undefined) {
        const defined = [...catalogue.attributes.keys()].map((name) => `${ATTRIBUTE_PREFIX}${name}`);
        throw invalidField('fields', `no user custom attribute named "${unknown}" is defined; ${defined.length === 0 ? 'the account defines none' : `the account's are ${defined.join(', ')}`}`);
      }
      const compiled = this.deps.service.compile(accountId, row, catalogue);
      let writer: Writer = { format };
      if (spreadsheet) {
        const layout = new SpreadsheetLayout(spreadsheet);
        const columns = fields.map((field) => {
          const attribute = field.startsWith(ATTRIBUTE_PREFIX) ? catalogue.attributes.get(field.slice(ATTRIBUTE_PREFIX.length)) : undefined;
          return layout.column(field, attribute && { label: attribute.label ?? field.slice(ATTRIBUTE_PREFIX.length), dataType: attribute.data_type });
        });
        writer = { format: 'spreadsheet', layout, cells: columns.map((column) => column.cell) };
        // T5: a spreadsheet program reads a CSV as UTF-8 only when it starts with a byte order mark.
        await write(`\uFEFF${layout.line(columns.map((column) => column.header))}`);
      } else if (format === 'csv') await write(`${query.bom === true ? '\uFEFF' : ''}${fields.map(csvField).join(',')}\r\n`);
      // The members once (one evaluation of the definition), then their rows a page at a time.
      const ids = await members.memberIds(accountId, compiled);
      for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
        const rows = await members.usersByIds(accountId, ids.subarray(start, start + EXPORT_PAGE), columns);
        const scored = withScores ? await scores.scoresOfMany(accountId, rows.map((r) => Number(r.id))) : new Map<number, ExportScores>();
        await write(linesOf(writer, fields, sources, rows, await directory.extras(accountId, rows, wanted), scored));
        if (body.destroyed) return;
      }
      body.end();
    });
    // Checked before the first byte: an unknown attribute is a 400, not a cut stream.
    const first = await Promise.race([run.then(() => 'done' as const), firstWrite]);
    if (first === 'started') run.catch((error: unknown) => body.destroy(error as Error));
    return {
      filename: `${row.slug}.${format}`,
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      body,
    };
  }

  /** The spreadsheet layout's zone and locale (given, else the account's), or null for the default layout. */
  private async spreadsheetOptions(accountId: number, format: Format, query: SegmentExportQuery): Promise<{ timezone: string; locale: string } | null> {
    const layout = (given(query.layout)?.trim() ?? 'program') as ExportLayout;
    if (!EXPORT_LAYOUTS.includes(layout)) throw invalidField('layout', `"${query.layout}" is not a layout: program or spreadsheet`);
    const zone = given(query.timezone);
    const locale = given(query.locale);
    if (layout === 'program') {
      // Refused rather than ignored: a program asking for a zone would otherwise get UTC unawares.
      if (zone !== undefined) throw invalidField('timezone', 'is taken only with layout=spreadsheet');
      if (locale !== undefined) throw invalidField('locale', 'is taken only with layout=spreadsheet');
      return null;
    }
    if (format !== 'csv') throw invalidField('layout', 'spreadsheet is a layout of CSV files, not of ndjson');
    const account = zone === undefined || locale === undefined ? await this.deps.settings.find(accountId) : undefined;
    return {
      timezone: zone === undefined ? (account?.timezone ?? 'UTC') : timezoneField('timezone', zone),
      locale: locale === undefined ? (account?.locale ?? 'en') : localeField('locale', locale),
    };
  }
}
