import type { BlacklistUploadResult, UploadProgress } from '@rapport/sdk';
import { useRef, useState } from 'react';
import { useApiMutation } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { useDryRunDialog } from '../../components/confirm.js';
import { Field, Form, SelectField, SubmitButton } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { DataTable } from '../../components/table.js';
import { problems } from '../../lib/validate.js';
import { LISTS, type ListName } from './lists.js';
import { formatCount } from '../../lib/format.js';

// The upload goes through the SDK with onProgress (XMLHttpRequest in the browser): the bar follows
// the bytes sent; once they are all out the server reads, checks and applies the file (atomic: an
// invalid line changes nothing) and the bar waits for its answer. "Check the file" is the same
// upload with dry_run=true: read and checked as for real, nothing written. "Replace the whole list"
// runs that check first and asks, in the dialog that names how many entries would go, as "Empty the
// list" does. After an upload the page says what it did, in counts: lines read (counted in the
// browser, as the server counts them), entries added (the list's size before and after) or removed.

type Mode = 'create' | 'delete-create';

const MODES = [
  { value: 'create', label: 'Add to the list' },
  { value: 'delete-create', label: 'Replace the whole list' },
];

/** The dry run's answer (POST /account/blacklist?dry_run=true). */
type UploadCheck = Extract<BlacklistUploadResult, { dry_run: true }>;

const isCheck = (answer: unknown): answer is UploadCheck => typeof answer === 'object' && answer !== null && (answer as { dry_run?: unknown }).dry_run === true;

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Progress({ progress, label }: { progress: UploadProgress | null; label: string }) {
  const total = progress?.total ?? null;
  const sent = progress !== null && total !== null && progress.loaded >= total;
  const text = !progress
    ? `${label}: starting…`
    : sent
      ? 'File sent; the server is reading and checking it…'
      : `${label}: ${total ? Math.floor((progress.loaded / total) * 100) : 0}% (${size(progress.loaded)}${total ? ` of ${size(total)}` : ''})`;
  return (
    <div className="upload-progress">
      {/* no value while the server works: an indeterminate bar */}
      <progress
        data-testid="blacklist-upload-progress"
        aria-label="Upload progress"
        max={total && !sent ? total : undefined}
        value={total && !sent && progress ? progress.loaded : undefined}
      />
      <span role="status" aria-live="polite">
        {text}
      </span>
    </div>
  );
}

function CheckResult({ check }: { check: UploadCheck }) {
  return (
    <div className={check.rejection ? 'error-note' : 'notice'} role="status" data-testid="blacklist-check-file">
      <p>
        {formatCount(check.lines)} lines read. Uploading it would delete {formatCount(check.would_delete.entries)} and add{' '}
        {formatCount(check.would_add.entries)} entries of the {check.blacklist} list.
      </p>
      {check.rejection ? <p>It would be refused: {check.rejection}</p> : <p>Nothing was changed yet.</p>}
      {check.invalid_lines.count > 0 ? (
        <DataTable
          caption={`Invalid lines (${formatCount(check.invalid_lines.count)}${check.invalid_lines.count > check.invalid_lines.first.length ? `, first ${check.invalid_lines.first.length} shown` : ''})`}
          showCaption
          rows={check.invalid_lines.first}
          rowKey={(line) => line.line}
          columns={[
            { header: 'Line', className: 'num', cell: (line) => line.line },
            { header: 'Value', cell: (line) => line.value },
            { header: 'Problem', cell: (line) => line.problem ?? `not a valid ${check.blacklist === 'email' ? 'e-mail address' : 'telephone'}` },
          ]}
        />
      ) : null}
    </div>
  );
}

/** Physical lines of a file, as the server counts them ("lines read"): line breaks, plus a last line without one. */
async function countLines(file: Blob): Promise<number> {
  let lines = 0;
  let last = -1;
  const reader = file.stream().getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 10) lines += 1;
    if (value.length > 0) last = value[value.length - 1]!;
  }
  return last !== -1 && last !== 10 ? lines + 1 : lines;
}

/** What an upload did, in counts: lines read, entries added (and removed, by a replacement), the list's size after. */
interface UploadReport {
  file: string;
  list: ListName;
  mode: Mode;
  lines: number;
  added: number;
  removed: number;
  total: number;
}

function reportText(report: UploadReport): string {
  const n = (value: number) => formatCount(value);
  const entries = (value: number) => `${n(value)} ${value === 1 ? 'entry' : 'entries'}`;
  return report.mode === 'create'
    ? `${report.file}: ${n(report.lines)} lines read, ${entries(report.added)} added to the ${report.list} list (the others were on it already or repeated); it now holds ${entries(report.total)}.`
    : `${report.file}: ${n(report.lines)} lines read; the ${report.list} list was replaced: ${entries(report.removed)} removed, ${entries(report.total)} loaded.`;
}

export function Upload({ defaultList, onUploaded }: { defaultList: ListName; onUploaded: (list: ListName) => void }) {
  const api = useApi();
  const [file, setFile] = useState<File | null>(null);
  const [list, setList] = useState<ListName>(defaultList);
  const [mode, setMode] = useState<Mode>('create');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ report: UploadReport } | { check: UploadCheck } | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** Set by "Check the file first" (a submit button) for the submit it starts. */
  const checkOnly = useRef(false);

  const send = (chosen: File, dryRun: boolean) => {
    abort.current = new AbortController();
    setProgress(null);
    return api.uploadBlacklist({ file: chosen, blacklist: list, type: mode, dryRun, onProgress: setProgress, signal: abort.current.signal });
  };
  const totalOf = async (name: ListName) => (await api.GET('/account/blacklist', { params: { query: { blacklist: name, limit: 1 } } })).total;

  // "Add to the list": the upload, with the list's size read before and after for the report.
  const upload = useApiMutation(
    async (_api, { dryRun }: { dryRun: boolean }): Promise<UploadCheck | UploadReport> => {
      const chosen = file!;
      if (dryRun) {
        const answer = await send(chosen, true);
        if (!isCheck(answer)) throw new Error('The server did not answer with a check (dry_run).');
        return answer;
      }
      const [before, lines] = await Promise.all([totalOf(list), countLines(chosen)]);
      await send(chosen, false);
      const total = await totalOf(list);
      return { file: chosen.name, list, mode, lines, added: Math.max(0, total - before), removed: 0, total };
    },
    {
      invalidate: [['api', '/account/blacklist']],
      onSuccess: (answer) => {
        if (isCheck(answer)) return setOutcome({ check: answer });
        setOutcome({ report: answer });
        onUploaded(answer.list);
      },
    },
  );

  // "Replace the whole list": the dry run first, in the dialog that names what would go; then the upload.
  const replace = useDryRunDialog<UploadCheck>({
    title: `Replace the ${list} list?`,
    description: (
      <>
        Every entry of the {list} list is deleted and the entries of {file?.name ?? 'the file'} take their place, in one step. Customers who are on the list now
        and not in the file can be {list === 'email' ? 'e-mailed' : 'texted'} again.
      </>
    ),
    checkingLabel: 'Checking the file: what it would delete and load…',
    progress: <Progress progress={progress} label="Sending the file" />,
    preview: async () => {
      setOutcome(null);
      return send(file!, true);
    },
    run: async () => {
      const chosen = file!;
      await send(chosen, false);
      return totalOf(list);
    },
    details: (check) => (
      <>
        <p data-testid="replace-summary">
          {formatCount(check.lines)} lines read: {formatCount(check.would_delete.entries)} {check.would_delete.entries === 1 ? 'entry' : 'entries'} of the {check.blacklist} list would be deleted, and{' '}
          {formatCount(check.would_add.entries)} loaded from the file.
        </p>
        {check.rejection ? <CheckResult check={check} /> : null}
      </>
    ),
    blocked: (check) => (check.rejection ? 'Fix the file’s invalid lines (listed above) and try again: as it is, the server would refuse it and change nothing.' : null),
    confirmLabel: (check) =>
      check.would_delete.entries > 0
        ? `Delete ${formatCount(check.would_delete.entries)} ${check.would_delete.entries === 1 ? 'entry' : 'entries'} and load ${formatCount(check.would_add.entries)}`
        : `Load ${formatCount(check.would_add.entries)} ${check.would_add.entries === 1 ? 'entry' : 'entries'}`,
    busyLabel: 'Replacing…',
    allowNothing: true,
    invalidate: [['api', '/account/blacklist']],
    onCancel: () => abort.current?.abort(),
    onDone: (total, check) => {
      setOutcome({ report: { file: file?.name ?? 'The file', list: check.blacklist, mode: 'delete-create', lines: check.lines, added: Number(total), removed: check.would_delete.entries, total: Number(total) } });
      onUploaded(check.blacklist);
    },
  });

  const start = (dryRun: boolean) => {
    setOutcome(null);
    if (!dryRun && mode === 'delete-create') return replace.open();
    upload.mutate({ dryRun });
  };
  const aborted = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  const needFile = () => problems({ file: file ? null : 'Choose a CSV file first.' });

  return (
    <Section title="Upload a CSV file" id="upload">
      <Form
        changes
        error={aborted ? null : upload.error}
        validate={() => {
          const found = needFile();
          if (found) checkOnly.current = false;
          return found;
        }}
        onSubmit={() => {
          const dryRun = checkOnly.current;
          checkOnly.current = false;
          start(dryRun);
        }}
      >
        <Field
          label="CSV file"
          name="file"
          hint="One e-mail address or telephone per line (the first column); a header line, quotes, ; or , separators are fine. Any invalid line rejects the whole file."
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setOutcome(null);
              }}
            />
          )}
        </Field>
        <div className="grid">
          <SelectField label="List" name="blacklist" options={LISTS} value={list} onValue={(value) => setList(value as ListName)} />
          <SelectField
            label="Mode"
            name="type"
            options={MODES}
            value={mode}
            onValue={(value) => setMode(value as Mode)}
            hint={mode === 'delete-create' ? 'Upload first checks the file and asks before anything is deleted.' : undefined}
          />
        </div>
        {upload.isPending ? <Progress progress={progress} label={upload.variables?.dryRun ? 'Checking' : 'Uploading'} /> : null}
        {aborted ? (
          <p className="notice" role="status">
            Upload cancelled; nothing was changed.
          </p>
        ) : null}
        {outcome && 'report' in outcome ? (
          <p className="notice" role="status" data-testid="blacklist-upload-done">
            {reportText(outcome.report)}
          </p>
        ) : null}
        {outcome && 'check' in outcome ? <CheckResult check={outcome.check} /> : null}
        <div className="actions">
          <SubmitButton busy={(upload.isPending && !upload.variables?.dryRun) || replace.busy} busyLabel="Uploading…">
            Upload
          </SubmitButton>
          {/* a submit too, so that the form's check (a file chosen) runs first */}
          <button type="submit" onClick={() => (checkOnly.current = true)} disabled={upload.isPending || replace.busy}>
            Check the file first
          </button>
          {upload.isPending ? (
            <button type="button" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          ) : null}
        </div>
      </Form>
      {replace.dialog}
    </Section>
  );
}
