import type { BlacklistUploadResult, UploadProgress } from '@rapport/sdk';
import { useRef, useState } from 'react';
import { useApiMutation } from '../../api/queries.js';
import { Field, Form, SelectField, SubmitButton } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { DataTable } from '../../components/table.js';
import { LISTS, type ListName } from './lists.js';

// The upload goes through the SDK with onProgress (XMLHttpRequest in the browser): the bar follows
// the bytes sent; once they are all out the server reads, checks and applies the file (atomic: an
// invalid line changes nothing) and the bar waits for its answer. "Check the file" is the same
// upload with dry_run=true: read and checked as for real, nothing written.

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
        {check.lines.toLocaleString()} lines read. Uploading it would delete {check.would_delete.entries.toLocaleString()} and add{' '}
        {check.would_add.entries.toLocaleString()} entries of the {check.blacklist} list.
      </p>
      {check.rejection ? <p>It would be refused: {check.rejection}</p> : <p>Nothing was changed yet.</p>}
      {check.invalid_lines.count > 0 ? (
        <DataTable
          caption={`Invalid lines (${check.invalid_lines.count.toLocaleString()}${check.invalid_lines.count > check.invalid_lines.first.length ? `, first ${check.invalid_lines.first.length} shown` : ''})`}
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

export function Upload({ defaultList, onUploaded }: { defaultList: ListName; onUploaded: (list: ListName) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [list, setList] = useState<ListName>(defaultList);
  const [mode, setMode] = useState<Mode>('create');
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<{ text: string } | { check: UploadCheck } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const upload = useApiMutation(
    async (api, { dryRun }: { dryRun: boolean }) => {
      abort.current = new AbortController();
      return api.uploadBlacklist({ file: file!, blacklist: list, type: mode, dryRun, onProgress: setProgress, signal: abort.current.signal });
    },
    {
      invalidate: [['api', '/account/blacklist']],
      onSuccess: (answer, { dryRun }) => {
        if (dryRun && isCheck(answer)) return setOutcome({ check: answer });
        setOutcome({ text: `${file?.name ?? 'The file'} was ${mode === 'create' ? 'added to' : 'loaded as'} the ${list} list.` });
        onUploaded(list);
      },
    },
  );

  const start = (dryRun: boolean) => {
    setOutcome(null);
    if (!file) {
      setFileError('Choose a CSV file first.');
      return;
    }
    setFileError(null);
    setProgress(null);
    upload.mutate({ dryRun });
  };
  const aborted = upload.error instanceof DOMException && upload.error.name === 'AbortError';

  return (
    <Section title="Upload a CSV file" id="upload">
      <Form error={aborted ? null : upload.error} onSubmit={() => start(false)}>
        <Field
          label="CSV file"
          name="file"
          error={fileError}
          hint="One e-mail address or telephone per line (the first column); a header line, quotes, ; or , separators are fine. Any invalid line rejects the whole file."
        >
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileError(null);
                setOutcome(null);
              }}
            />
          )}
        </Field>
        <div className="grid">
          <SelectField label="List" name="blacklist" options={LISTS} value={list} onValue={(value) => setList(value as ListName)} />
          <SelectField label="Mode" name="type" options={MODES} value={mode} onValue={(value) => setMode(value as Mode)} />
        </div>
        {upload.isPending ? <Progress progress={progress} label={upload.variables?.dryRun ? 'Checking' : 'Uploading'} /> : null}
        {aborted ? (
          <p className="notice" role="status">
            Upload cancelled; nothing was changed.
          </p>
        ) : null}
        {outcome && 'text' in outcome ? (
          <p className="notice" role="status" data-testid="blacklist-upload-done">
            {outcome.text}
          </p>
        ) : null}
        {outcome && 'check' in outcome ? <CheckResult check={outcome.check} /> : null}
        <div className="actions">
          <SubmitButton busy={upload.isPending && !upload.variables?.dryRun} busyLabel="Uploading…">
            Upload
          </SubmitButton>
          <button type="button" onClick={() => start(true)} disabled={upload.isPending}>
            Check the file first
          </button>
          {upload.isPending ? (
            <button type="button" onClick={() => abort.current?.abort()}>
              Cancel
            </button>
          ) : null}
        </div>
      </Form>
    </Section>
  );
}
