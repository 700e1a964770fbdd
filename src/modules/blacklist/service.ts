import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { AppError, BadRequestError, PayloadTooLargeError, invalidField } from '../../http/errors.js';
import { type Page } from '../../http/pagination.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { CsvFirstColumnReader, HEADER_WORDS } from './csv-reader.js';
import { BLACKLISTS, type BlacklistName, isBlacklistName, normaliseBlacklistValue, normaliseEmail, normaliseTelephone } from './normalise.js';
import { BlacklistRepository, type EntryRow, type StagedRow, type StagedUpload, type UploadAction } from './repository.js';

/** A part of the multipart upload, as the HTTP layer hands it over (file parts are streams). */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; chunks: AsyncIterable<Buffer>; truncated(): boolean };

export interface UploadResult {
  list: BlacklistName;
  action: UploadAction;
  lines: number;
  added: number;
}

const ACTIONS: readonly UploadAction[] = ['create', 'delete-create'];
/** Rows per staging INSERT at most; 4 parameters each stays far below SQLite's 32,766-parameter limit. */
const STAGE_BATCH = 4000;
/**
 * Staged at the end of any chunk that brought at least this many rows: rows then die young (they
 * never wait across network reads), which keeps the garbage collector from growing the heap.
 */
const STAGE_EAGERLY = 500;
const REPORTED_INVALID = 20;
const TOUCH_EVERY_MS = 60_000;
/** An upload untouched this long is abandoned (its process died); the next upload sweeps it. */
const ABANDONED_AFTER_MS = 60 * 60_000;

interface Invalid {
  line: number;
  value: string;
  /** Set when the line could not be read as CSV at all: what is wrong with it. */
  problem?: string;
}

/** What the file says about one list: how many lines are valid for it, and the invalid ones. */
class ListScan {
  valid = 0;
  invalidCount = 0;
  readonly invalid: Invalid[] = [];

  record(value: string | null, raw: string, line: number): void {
    if (value !== null) {
      this.valid += 1;
      return;
    }
    this.invalidCount += 1;
    if (this.invalid.length < REPORTED_INVALID) this.invalid.push({ line, value: raw });
  }

  unreadable(problem: string, line: number): void {
    this.invalidCount += 1;
    if (this.invalid.length < REPORTED_INVALID) this.invalid.push({ line, value: '', problem });
  }
}

const quoted = (value: string) => JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value);

export class BlacklistService {
  private readonly repository: BlacklistRepository;

  constructor(
    db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly uploadLimitBytes: number,
  ) {
    this.repository = new BlacklistRepository(db);
  }

  async listEntries(accountId: number, list: BlacklistName, page: Page): Promise<{ total: number; entries: EntryRow[] }> {
    const [total, entries] = [await this.repository.count(accountId, list), await this.repository.list(accountId, list, page)];
    return { total, entries };
  }

  async check(accountId: number, list: BlacklistName, raw: string): Promise<boolean> {
    const value = normaliseBlacklistValue(list, raw);
    return value !== null && (await this.repository.contains(accountId, list, value));
  }

  async clear(accountId: number, list: BlacklistName): Promise<number> {
    return this.repository.clear(accountId, list, this.now());
  }

  /**
   * L1–L4. The file is streamed into a staging area as it arrives, both normalisations of each line
   * side by side (the fields naming the list usually come after the file); once the whole request
   * has been read and found valid, the staged values replace or extend the list in one transaction.
   * The staging rows are discarded whatever happens, so a rejected or interrupted upload changes
   * nothing.
   */
  async upload(accountId: number, parts: AsyncIterable<UploadPart>): Promise<UploadResult> {
    await this.repository.sweepAbandonedUploads(formatDateTime(new Date(this.clock.now().getTime() - ABANDONED_AFTER_MS)));
    const upload = await this.repository.openUpload(accountId, this.now());
    try {
      const fields = new Map<string, string>();
      let scans: Map<BlacklistName, ListScan> | undefined;
      let lines = 0;
      for await (const part of parts) {
        if (part.kind === 'field') {
          if (part.name === 'file') throw invalidField('file', 'must be a file part, not a text field');
          if (!fields.has(part.name)) fields.set(part.name, part.value);
          continue;
        }
        if (part.name !== 'file') {
          for await (const _chunk of part.chunks); // not ours: read and dropped
          continue;
        }
        if (scans) throw invalidField('file', 'send a single file part');
        const known = fields.get('blacklist');
        scans = new Map((isBlacklistName(known) ? [known] : BLACKLISTS).map((list) => [list, new ListScan()]));
        lines = await this.stageFile(upload, part, scans);
      }

      if (!scans) throw invalidField('file', 'is required');
      const list = fields.get('blacklist');
      if (list === undefined) throw invalidField('blacklist', 'is required');
      if (!isBlacklistName(list)) throw invalidField('blacklist', 'must be one of "email", "telephone"');
      const action = fields.get('type') as UploadAction | undefined;
      if (action === undefined) throw invalidField('type', 'is required');
      if (!ACTIONS.includes(action)) throw invalidField('type', 'must be one of "create", "delete-create"');

      const scan = scans.get(list)!;
      if (scan.invalidCount > 0) throw invalidLines(list, scan);
      if (scan.valid === 0) throw invalidField('file', 'holds no entry (to empty a list, use DELETE /account/blacklist)');

      const added = await upload.apply(list, action, this.now());
      if (added === undefined) throw new AppError(503, 'service_unavailable', 'the upload stalled and was discarded; send it again', { 'retry-after': '1' });
      return { list, action, lines, added };
    } finally {
      await upload.discard();
    }
  }

  private async stageFile(
    upload: StagedUpload,
    part: Extract<UploadPart, { kind: 'file' }>,
    scans: Map<BlacklistName, ListScan>,
  ): Promise<number> {
    const email = scans.get('email');
    const telephone = scans.get('telephone');
    let batch: StagedRow[] = [];
    let sawContent = false;
    // Once every candidate list has an invalid line the upload is rejected whatever the fields say:
    // the rest of the file is still read (for the report) but no longer staged.
    let doomed = false;

    const onValue = (raw: string, line: number) => {
      // A blank line, or an empty first column, holds no value (L2).
      if (raw === '') return;
      if (!sawContent) {
        sawContent = true;
        if (HEADER_WORDS.has(raw.toLowerCase())) return;
      }
      const row: StagedRow = { line, email: null, telephone: null };
      if (email) email.record((row.email = normaliseEmail(raw)), raw, line);
      if (telephone) telephone.record((row.telephone = normaliseTelephone(raw)), raw, line);
      if (doomed) return;
      if ((email && row.email === null) || (telephone && row.telephone === null)) {
        doomed = (!email || email.invalidCount > 0) && (!telephone || telephone.invalidCount > 0);
        if (doomed) {
          batch = [];
          return;
        }
      }
      batch.push(row);
    };
    const reader = new CsvFirstColumnReader({
      value: onValue,
      malformed: (problem, line) => {
        for (const scan of scans.values()) scan.unreadable(problem, line);
        doomed = true;
        batch = [];
      },
    });

    let lastTouch = this.clock.now().getTime();
    for await (const chunk of part.chunks) {
      if (part.truncated()) break;
      await reader.feed(chunk);
      if (batch.length >= STAGE_EAGERLY) {
        const rows = batch;
        batch = [];
        for (let i = 0; i < rows.length; i += STAGE_BATCH) await upload.stage(rows.slice(i, i + STAGE_BATCH));
        const now = this.clock.now().getTime();
        if (now - lastTouch >= TOUCH_EVERY_MS) {
          lastTouch = now;
          await upload.touch(formatDateTime(new Date(now)));
        }
      }
    }
    if (part.truncated()) {
      throw new PayloadTooLargeError(`file: exceeds the upload limit of ${describeBytes(this.uploadLimitBytes)}; nothing was changed`);
    }
    await reader.end();
    for (let i = 0; i < batch.length; i += STAGE_BATCH) await upload.stage(batch.slice(i, i + STAGE_BATCH));
    return reader.lines;
  }

  private now(): string {
    return formatDateTime(this.clock.now());
  }
}

function invalidLines(list: BlacklistName, scan: ListScan): BadRequestError {
  const what = list === 'email' ? 'a valid e-mail address' : 'a telephone of 6 to 15 digits (an optional leading +)';
  const count = scan.invalidCount === 1 ? '1 invalid line' : `${scan.invalidCount} invalid lines`;
  const shown = scan.invalidCount > scan.invalid.length ? ` (first ${scan.invalid.length} shown)` : '';
  const details = scan.invalid.map((item) => `line ${item.line} ${item.problem ? `(${item.problem})` : quoted(item.value)}`).join(', ');
  return new BadRequestError(
    `file: ${count} for the ${list} list${shown}, each line must hold ${what}: ${details}; nothing was changed`,
  );
}

function describeBytes(bytes: number): string {
  const mib = 1024 * 1024;
  return bytes % mib === 0 ? `${bytes / mib} MiB` : `${bytes} bytes`;
}
