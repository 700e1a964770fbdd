import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DryRun } from '../../http/dry-run.js';
import { AppError, BadRequestError, NotFoundError, PayloadTooLargeError, invalidField } from '../../lib/errors.js';
import { type Page } from '../../http/pagination.js';
import { STEP_TARGET_MS, type StepTurns, pause, runInSteps } from '../../jobs/stepping.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { type Clock, formatDateTime, stamp } from '../../lib/time.js';
import { type BlacklistChangeType, blacklistChange, type OnListChanged } from './changes.js';
import { CsvFirstColumnReader, HEADER_WORDS } from './csv-reader.js';
import { BLACKLISTS, type BlacklistName, isBlacklistName, normaliseBlacklistValue, normaliseEmail, normaliseTelephone } from './normalise.js';
import {
  type BlacklistRepository,
  type EntryRow,
  LIST_LEASE_MS,
  LostUpload,
  STAGED_PER_STATEMENT,
  type StagedRow,
  type StagedUpload,
  type UploadAction,
} from './repository.js';

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

export interface InvalidLine {
  line: number;
  value: string;
  problem?: string;
}

/** O8: what an upload would do, read and validated as the real one, nothing written. */
export interface UploadDryRun {
  dry_run: true;
  blacklist: BlacklistName;
  type: UploadAction;
  lines: number;
  would_delete: { entries: number };
  would_add: { entries: number };
  invalid_lines: { count: number; first: InvalidLine[] };
  /** The 400 message the real upload would answer (it would change nothing), or null. */
  rejection: string | null;
}


const ACTIONS: readonly UploadAction[] = ['create', 'delete-create'];
/**
 * Staged at the end of every chunk, in whole statements of STAGED_PER_STATEMENT rows (the rest waits
 * for the next chunk): rows die young (they never wait across more than one network read), which
 * keeps the garbage collector from growing the heap.
 */
const REPORTED_INVALID = 20;
/** Bytes of the file read at a time between looks at the clock (about a millisecond of parsing). */
const READ_SLICE_BYTES = 64 * 1024;
const TOUCH_EVERY_MS = 60_000;
/**
 * An upload untouched this long is abandoned (its process died): a live upload touches its row every
 * TOUCH_EVERY_MS while data arrives. Every process sweeps them (sweepAbandonedUploads, scheduled
 * through jobs/), and every upload sweeps before it starts.
 */
export const ABANDONED_AFTER_MS = 5 * 60_000;
/** How often each process sweeps abandoned uploads. */
export const SWEEP_EVERY_MS = 60_000;
/** A change of a list waits this long at most for another change of the same list to end. */
const LIST_WAIT_MS = 5 * 60_000;
const LIST_POLL_MS = 50;

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

const shortened = (value: string) => (value.length > 80 ? `${value.slice(0, 80)}…` : value);
const quoted = (value: string) => JSON.stringify(shortened(value));

const listBusy = () =>
  new AppError(503, 'service_unavailable', 'the list is being changed by another request; send it again', { 'retry-after': '5' });
const stalled = () => new AppError(503, 'service_unavailable', 'the upload stalled and was discarded; send it again', { 'retry-after': '1' });

/** A `dry_run` multipart part: the query parameter's values, as text. */
function dryRunField(value: string | undefined): boolean {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw invalidField('dry_run', 'must be true or false');
}

export class BlacklistService {
  private readonly repository: BlacklistRepository;
  private readonly stepTargetMs: number;
  private readonly turns: StepTurns;

  private readonly clock: Clock;
  private readonly uploadLimitBytes: number;
  private readonly jobs: JobsNotifier;

  constructor(deps: {
    blacklist: BlacklistRepository;
    clock: Clock;
    uploadLimitBytes: number;
    jobs: JobsNotifier;
    /** How long a step of work on rows nobody else writes should last, and the turns long writes take (jobs/stepping.ts). */
    stepping: { targetMs: number; turns: StepTurns };
  }) {
    this.repository = deps.blacklist;
    this.clock = deps.clock;
    this.uploadLimitBytes = deps.uploadLimitBytes;
    this.jobs = deps.jobs;
    this.stepTargetMs = deps.stepping.targetMs;
    this.turns = deps.stepping.turns;
  }

  /**
   * Deletes abandoned uploads (and their staged rows) untouched since `before` (by default
   * ABANDONED_AFTER_MS ago); answers how many.
   */
  async sweepAbandonedUploads(before?: Date): Promise<number> {
    const cutoff = formatDateTime(before ?? new Date(this.clock.now().getTime() - ABANDONED_AFTER_MS));
    let total = 0;
    for (;;) {
      const swept = await this.repository.sweepAbandonedUploads(cutoff, 20);
      total += swept;
      if (swept < 20) return total;
    }
  }

  /** L6–L7: `search` a substring of the value (in its stored form); `total` then counts the matches. */
  async listEntries(accountId: number, list: BlacklistName, page: Page, options: { search?: string; order?: 'oldest' | 'newest' } = {}): Promise<{ total: number; entries: EntryRow[] }> {
    const search = options.search === undefined ? undefined : searchForm(list, options.search);
    const filter = { order: options.order ?? 'oldest', ...(search ? { search } : {}) };
    const total = search ? await this.repository.countMatching(accountId, list, search) : await this.repository.count(accountId, list);
    return { total, entries: await this.repository.list(accountId, list, page, filter) };
  }

  /** L7: one value on the list at once (L2's rules); true when it was added, false when it was there. */
  async putOne(accountId: number, list: BlacklistName, raw: string, reason: string | null): Promise<boolean> {
    const value = valueField(list, raw);
    const outcome = await this.whenFree(() => this.repository.addOne(accountId, list, value, reason, stamp(this.clock), this.announce(accountId, list, 'add', 1)));
    return outcome === 'added';
  }

  /** L7: one value off the list at once; 404 when it was not on it. */
  async removeOne(accountId: number, list: BlacklistName, raw: string): Promise<void> {
    const value = normaliseBlacklistValue(list, raw);
    const outcome = value === null ? 'absent' : await this.whenFree(() => this.repository.removeOne(accountId, list, value, stamp(this.clock), this.announce(accountId, list, 'remove', 0)));
    if (outcome === 'absent') throw new NotFoundError(`the value is not on the ${list} list`);
  }

  /** Runs a change of a list, waiting while an upload or another change holds it (as clear() does). */
  private async whenFree<T extends string>(change: () => Promise<T | 'busy'>): Promise<T> {
    const deadline = Date.now() + LIST_WAIT_MS;
    for (;;) {
      const outcome = await change();
      if (outcome !== 'busy') return outcome as T;
      if (Date.now() >= deadline) throw listBusy();
      await pause(LIST_POLL_MS);
    }
  }

  async check(accountId: number, list: BlacklistName, raw: string): Promise<boolean> {
    const value = normaliseBlacklistValue(list, raw);
    return value !== null && (await this.repository.contains(accountId, list, value));
  }

  /**
   * L5: empties the list at once for every reader (one tiny transaction); its entries are deleted
   * afterwards by the background worker. Waits while an upload is applying to the same list.
   */
  async clear(accountId: number, list: BlacklistName): Promise<void> {
    const deadline = Date.now() + LIST_WAIT_MS;
    while (!(await this.repository.clear(accountId, list, stamp(this.clock), this.announce(accountId, list, 'clear', 0)))) {
      if (Date.now() >= deadline) throw listBusy();
      await pause(LIST_POLL_MS);
    }
    this.jobs.wake();
  }

  async clearDryRun(accountId: number, list: BlacklistName): Promise<DryRun<{ entries: number }>> {
    return { dry_run: true, would_delete: { entries: await this.repository.count(accountId, list) } };
  }

  /**
   * L1–L4. The file is streamed into a staging area as it arrives, both normalisations of each line
   * side by side (the fields naming the list usually come after the file); once the whole request
   * has been read and found valid, the staged values are written, in short steps, into a generation
   * of the list that no reader sees, and one tiny transaction makes it the list. The staging rows
   * are discarded whatever happens, so a rejected or interrupted upload changes nothing. A dry run
   * (O8) does all of that but the last transaction, then deletes what it wrote.
   */
  async upload(accountId: number, parts: AsyncIterable<UploadPart>, options: { dryRun?: boolean } = {}): Promise<UploadResult | UploadDryRun> {
    await this.sweepAbandonedUploads();
    const upload = await this.repository.openUpload(accountId, stamp(this.clock));
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

      const dryRun = options.dryRun === true || dryRunField(fields.get('dry_run'));

      const scan = scans.get(list)!;
      const rejection =
        scan.invalidCount > 0
          ? invalidLines(list, scan)
          : scan.valid === 0
            ? invalidField('file', 'holds no entry (to empty a list, use DELETE /account/blacklist)')
            : undefined;
      if (!dryRun) {
        if (rejection) throw rejection;
        return { list, action, lines, added: await this.apply(upload, list, action, false) };
      }
      const wouldDelete = rejection || action === 'create' ? 0 : await this.repository.count(accountId, list);
      const wouldAdd = rejection ? 0 : await this.apply(upload, list, action, true);
      return {
        dry_run: true,
        blacklist: list,
        type: action,
        lines,
        would_delete: { entries: wouldDelete },
        would_add: { entries: wouldAdd },
        invalid_lines: {
          count: scan.invalidCount,
          first: scan.invalid.map((item) => ({ line: item.line, value: shortened(item.value), ...(item.problem ? { problem: item.problem } : {}) })),
        },
        rejection: rejection?.message ?? null,
      };
    } finally {
      await upload.discard();
    }
  }

  /**
   * Writes the staged values of `list` into the upload's own generation, in steps of about
   * STEP_TARGET_MS (each its own transaction, so other requests run in between), then — unless
   * this is a dry run — makes it live in one tiny transaction. Holds the list meanwhile, so changes
   * of one list run one after the other. Returns the entries added.
   */
  private async apply(upload: StagedUpload, list: BlacklistName, action: UploadAction, dryRun: boolean): Promise<number> {
    const hold = !dryRun;
    await this.beginApply(upload, list, hold);
    let finished = false;
    try {
      let added = 0;
      const range = await upload.lineRange();
      if (range) {
        let from = range.first;
        await runInSteps(
          this.turns,
          async (size) => {
            const to = from + size;
            added += await upload.applyStep(list, action, { from, to }, hold, stamp(this.clock), this.leaseUntil());
            from = to;
            return from <= range.last;
          },
          { first: 2000, targetMs: this.stepTargetMs },
        );
      }
      if (!dryRun) {
        await upload.finishApply(list, action, stamp(this.clock), added, this.announce(upload.accountId, list, action, added));
        finished = true;
      }
      return added;
    } catch (error) {
      throw error instanceof LostUpload ? stalled() : error;
    } finally {
      if (dryRun) {
        // Nothing of a dry run stays; should deleting fail, the worker deletes it later.
        await upload.dropGeneration(list).catch(() => upload.giveUp(stamp(this.clock)));
      } else if (!finished) {
        await upload.giveUp(stamp(this.clock));
      }
      this.jobs.wake();
    }
  }

  /** Takes the list (waiting while another change holds it) and opens the upload's generation. */
  private async beginApply(upload: StagedUpload, list: BlacklistName, hold: boolean): Promise<void> {
    const deadline = Date.now() + LIST_WAIT_MS;
    let lastTouch = Date.now();
    for (;;) {
      const started = await upload.beginApply(list, hold, stamp(this.clock), this.leaseUntil());
      if (started === 'started') return;
      if (started === 'gone') throw stalled();
      if (Date.now() >= deadline) throw listBusy();
      await pause(LIST_POLL_MS);
      if (Date.now() - lastTouch >= TOUCH_EVERY_MS) {
        lastTouch = Date.now();
        await upload.touch(stamp(this.clock));
      }
    }
  }

  private leaseUntil(): string {
    return formatDateTime(new Date(this.clock.now().getTime() + LIST_LEASE_MS));
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
    let lastTurn = performance.now();
    for await (const chunk of part.chunks) {
      if (part.truncated()) break;
      // Chunks already buffered arrive without the event loop turning, and on SQLite staging does
      // not yield either: without this, a fast client kept every other request waiting for as long
      // as its buffered part of the file took to read (over 400 ms seen).
      // A chunk can be large (a fast client, a busy server): it is read and staged in slices.
      for (let at = 0; at < chunk.length; at += READ_SLICE_BYTES) {
        if (performance.now() - lastTurn >= STEP_TARGET_MS) {
          await nextTurn();
          lastTurn = performance.now();
        }
        reader.feed(at === 0 && chunk.length <= READ_SLICE_BYTES ? chunk : chunk.subarray(at, at + READ_SLICE_BYTES));
        if (batch.length >= STAGED_PER_STATEMENT) {
          const whole = batch.length - (batch.length % STAGED_PER_STATEMENT);
          const rows = batch;
          batch = rows.slice(whole);
          await upload.stage(whole === rows.length ? rows : rows.slice(0, whole));
          const now = this.clock.now().getTime();
          if (now - lastTouch >= TOUCH_EVERY_MS) {
            lastTouch = now;
            await upload.touch(formatDateTime(new Date(now)));
          }
        }
      }
    }
    if (part.truncated()) {
      throw new PayloadTooLargeError(`file: exceeds the upload limit of ${describeBytes(this.uploadLimitBytes)}; nothing was changed`);
    }
    reader.end();
    await upload.stage(batch);
    return reader.lines;
  }


  /** The change's `blacklist.changed` message (W2), written in its transaction. */
  private announce(accountId: number, list: BlacklistName, type: BlacklistChangeType, added: number): OnListChanged {
    return (outbox, total) =>
      outbox.emit(accountId, [{ type: 'blacklist.changed', data: async () => blacklistChange(list, type, added, await total()) }], this.clock.now());
  }
}

/** L7: the value of a one-entry change, normalised (L2), or a 400 naming it. */
function valueField(list: BlacklistName, raw: string): string {
  const value = normaliseBlacklistValue(list, raw);
  if (value === null) throw invalidField('value', list === 'email' ? 'must be a valid e-mail address' : 'must be a telephone of 6 to 15 digits (an optional leading +)');
  return value;
}

/** L7's search in the values' stored form: lower case; for telephones without spaces, dots, dashes or parentheses. */
function searchForm(list: BlacklistName, raw: string): string {
  const text = raw.trim().toLowerCase();
  return list === 'telephone' ? text.replace(/[\s.\-()]/g, '') : text;
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
