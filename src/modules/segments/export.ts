import { PassThrough, type Readable } from 'node:stream';
import { invalidField } from '../../lib/errors.js';
import { given } from '../../lib/fields.js';
import type { UserDirectory } from '../users/directory.js';
import type { UserObject } from '../users/schemas.js';
import type { SegmentsRepository } from './repository.js';
import { DEFAULT_EXPORT_FIELDS, EXPORT_FORMATS, type SegmentExportQuery } from './schemas.js';
import type { SegmentsService } from './service.js';

/** Members' rows read per statement while exporting. */
const EXPORT_PAGE = 1000;

/** The U4 fields an export may name (SG6), besides `custom_attributes.<name>`. */
const USER_FIELDS: ReadonlySet<string> = new Set([
  'userapp_id', 'user_id', 'service_uid', 'email', 'document', 'document_type', 'first_name', 'last_name', 'telephone',
  'birthdate', 'gender', 'street', 'postcode', 'city', 'department', 'state', 'country', 'marital_status', 'tags',
  'points', 'notes', 'club_inscription_date', 'custom_attributes', 'mailing_enabled', 'sms_enabled',
  'mailing_enabled_reason', 'sms_enabled_reason', 'createtime', 'updatetime',
]);
const ATTRIBUTE_PREFIX = 'custom_attributes.';

type Format = (typeof EXPORT_FORMATS)[number];

/** What an export reads, bound to one snapshot of the database. */
export interface ExportSnapshot {
  segments: Pick<SegmentsRepository, 'catalogue' | 'memberIds' | 'usersByIds'>;
  directory: Pick<UserDirectory, 'present'>;
}

export interface SegmentExportDeps {
  service: Pick<SegmentsService, 'requireSegment' | 'compile'>;
  snapshot<T>(work: (repositories: ExportSnapshot) => Promise<T>): Promise<T>;
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

function valueOf(user: UserObject, field: string): unknown {
  if (field.startsWith(ATTRIBUTE_PREFIX)) return user.custom_attributes[field.slice(ATTRIBUTE_PREFIX.length)];
  return (user as Record<string, unknown>)[field];
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

function lineOf(format: Format, fields: string[], user: UserObject): string {
  if (format === 'csv') return `${fields.map((field) => csvField(valueOf(user, field))).join(',')}\r\n`;
  return `${JSON.stringify(Object.fromEntries(fields.map((field) => [field, valueOf(user, field) ?? null])))}\n`;
}

/** SG6: every member, streamed in userapp_id order from one snapshot taken at the start. */
export class SegmentExport {
  constructor(private readonly deps: SegmentExportDeps) {}

  async export(accountId: number, ref: string, query: SegmentExportQuery): Promise<ExportFile> {
    const format = (given(query.format)?.trim() ?? 'csv') as Format;
    if (!EXPORT_FORMATS.includes(format)) throw invalidField('format', `"${query.format}" is not a format: csv or ndjson`);
    const fields = given(query.fields) === undefined ? [...DEFAULT_EXPORT_FIELDS] : query.fields!.split(',').map((field) => field.trim());
    for (const field of fields) {
      const known = USER_FIELDS.has(field) || (field.startsWith(ATTRIBUTE_PREFIX) && field.length > ATTRIBUTE_PREFIX.length);
      if (!known) throw invalidField('fields', `"${field}" is not a user field (U4) nor custom_attributes.<name>`);
    }
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
    const run = this.deps.snapshot(async ({ segments, directory }) => {
      const catalogue = await segments.catalogue(accountId);
      const unknown = attributes.find((name) => !catalogue.attributes.has(name));
      if (unknown !== undefined) throw invalidField('fields', `no user custom attribute named "${unknown}" is defined`);
      const compiled = this.deps.service.compile(accountId, row, catalogue);
      if (format === 'csv') await write(`${fields.map(csvField).join(',')}\r\n`);
      // The members once (one evaluation of the definition), then their rows a page at a time.
      const ids = await segments.memberIds(accountId, compiled);
      for (let start = 0; start < ids.length; start += EXPORT_PAGE) {
        const rows = await segments.usersByIds(accountId, ids.subarray(start, start + EXPORT_PAGE));
        const users = await directory.present(accountId, rows);
        await write(users.map((user) => lineOf(format, fields, user)).join(''));
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
}
