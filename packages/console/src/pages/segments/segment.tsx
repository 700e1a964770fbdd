import { fileTimesNote, showDateTime } from '../../lib/dates.js';
import type { Segment, SegmentDefinition, SegmentInput } from '@rapport/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { customerName } from '../../api/customers.js';
import { explain, namesField } from '../../api/errors.js';
import { useApiMutation, useApiQuery, useGet } from '../../api/queries.js';
import { useApi, useCanChange } from '../../api/session.js';
import { Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { DEFAULT_COLUMNS, ExportColumns, chosenFields, exportColumns } from './export-columns.js';
import { Page, Section } from '../../components/layout.js';
import { ErrorNote, Loading } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { type ExportLayout, downloadSegment } from '../../lib/csv.js';
import { decimalSeparator, formatCount, zoneName } from '../../lib/format.js';
import { check, problems } from '../../lib/validate.js';
import { Link, href, navigate } from '../../router.js';
import { ConfirmDelete, DetailView } from '../catalogue/shared.js';
import { SegmentBuilder, errorTarget } from './builder.js';
import { type BuilderContext, type DraftGroup, fromDefinition, newCondition, newGroup, problemsOf, sizeOf, toDefinition } from './draft.js';
import { useDebounced } from '../../lib/debounce.js';
import { SEGMENT_KEYS, useBuilderOptions, useSegmentCount } from './shared.js';
import { Changes, ReadOnlyState } from '../../components/access.js';

// One segment: its title and description, the builder, who matches as the definition changes
// (POST /segments/preview, 400 ms after the last change: the count and the first 10 members), and,
// once saved, its members (the Customers page filtered by it) and its export (CSV or NDJSON; a CSV
// for a spreadsheet by default, or the API's own for a program).

/** The preview waits this long after the last change before asking the API. */
export const PREVIEW_DELAY_MS = 400;

/** Who matches the definition being built: the count and a sample, or why not yet. */
function Preview({ json, ready, query }: { json: string | null; ready: boolean; query: ReturnType<typeof usePreview>['query'] }) {
  if (!ready) return <p className="hint">Complete the conditions to see who matches.</p>;
  if (query.isError && !namesField(query.error, 'definition')) return <ErrorNote error={query.error} retry={() => void query.refetch()} />;
  if (query.isError) return <p className="hint">Correct the condition marked in the builder to see who matches.</p>;
  if (!query.data) return <Loading label="Counting…" />;
  const stale = query.isFetching || query.data.json !== json;
  const { count, users } = query.data.preview;
  return (
    <div className="who-matches" aria-busy={stale || undefined}>
      <p className="segment-count" role="status" aria-live="polite">
        <strong data-testid="segment-preview-count">{formatCount(count)}</strong> {count === 1 ? 'customer matches' : 'customers match'}
        {stale ? <span className="muted"> (counting again…)</span> : null}
      </p>
      {count === 0 && !stale ? (
        <p className="hint" data-testid="segment-no-match">
          No customer matches. Check the values marked ⚠ in the builder, if any, and that typed text is spelled as in the customers’ data (case and accents are ignored).
        </p>
      ) : null}
      {users.length > 0 ? (
        <DataTable
          caption={count > users.length ? `The first ${users.length} of them` : 'They are'}
          showCaption
          testId="segment-preview-table"
          rows={users}
          rowKey={(user) => user.userapp_id}
          columns={[
            // Fixed shares of the panel (styles.css, .who-matches): the name and the e-mail each on one line, cut with an ellipsis when long, whole in its title.
            { header: 'Customer', className: 'clip', cell: (user) => <Link to={`/customers/${user.userapp_id}`} title={customerName(user)}>{customerName(user)}</Link> },
            { header: 'E-mail', className: 'clip', cell: (user) => (user.email ? <span title={user.email}>{user.email}</span> : '—') },
            { header: 'Points', className: 'num', cell: (user) => formatCount(user.points) },
          ]}
        />
      ) : null}
    </div>
  );
}

/** POST /segments/preview of the definition, once it has not changed for PREVIEW_DELAY_MS. */
function usePreview(json: string | null) {
  const settled = useDebounced(json, PREVIEW_DELAY_MS);
  const query = useApiQuery(
    ['/segments/preview', settled],
    async (api) => ({ json: settled, preview: await api.segments.preview(JSON.parse(settled!) as SegmentDefinition) }),
    { enabled: settled !== null, placeholderData: keepPreviousData, staleTime: 0 },
  );
  // An error is about the definition it was asked for: shown only while that is still the one built.
  const error = query.isError && settled === json ? query.error : null;
  return { query, error };
}

function Editor({ segment }: { segment?: Segment }) {
  const builderOptions = useBuilderOptions(segment?.id);
  if (!builderOptions.ready) return <Loading label="Loading the customer attributes…" />;
  if (builderOptions.error) return <ErrorNote error={builderOptions.error} />;
  return <EditorForm segment={segment} options={builderOptions.options} context={builderOptions.context} />;
}

function EditorForm({ segment, options, context }: { segment?: Segment; options: ReturnType<typeof useBuilderOptions>['options']; context: BuilderContext }) {
  const [title, setTitle] = useState(segment?.title ?? '');
  const [description, setDescription] = useState(segment?.description ?? '');
  const [root, setRoot] = useState<DraftGroup>(() => (segment ? fromDefinition(segment.definition, context) : newGroup('all', [newCondition('field:email', context)])));
  const [showBlank, setShowBlank] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const builderRef = useRef<HTMLDivElement>(null);

  // The stored definition as the builder writes it back: "changed" is measured against this, so a
  // definition the builder shows differently (a `not` of a `not`, key order) is not re-sent unchanged.
  const [initialJson, setInitialJson] = useState(() => (segment ? JSON.stringify(toDefinition(fromDefinition(segment.definition, context), context)) : null));
  const found = useMemo(() => problemsOf(root, context), [root, context]);
  const definition = useMemo(() => toDefinition(root, context), [root, context]);
  const json = JSON.stringify(definition);
  const ready = found.size === 0;
  // The preview is a POST (an editor's): one who may not change data reads the saved count below instead.
  const canChange = useCanChange();
  const preview = usePreview(ready && canChange ? json : null);

  const save = useApiMutation(
    (api, { body }: { body: Partial<SegmentInput>; json: string }) => (segment ? api.segments.update(segment.id, body) : api.segments.create(body as SegmentInput)),
    {
      invalidate: [...SEGMENT_KEYS],
      onSuccess: (result, { json: savedJson }) => {
        if (!segment) return navigate(`/segments/${result.id}`, { replace: true });
        setInitialJson(savedJson);
        setSaved(`Saved at ${showDateTime(new Date())}.`);
      },
    },
  );
  const definitionError = namesField(save.error, 'definition') ? save.error : preview.error;
  const change = (next: DraftGroup) => {
    setRoot(next);
    setSaved(null);
    if (save.error) save.reset(); // the save's error was about the definition before this change
  };
  // A save refused for a condition: the focus goes to the control it names.
  useEffect(() => {
    if (!namesField(save.error, 'definition')) return;
    builderRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [save.error]);

  const submit = () => {
    if (!segment) return save.mutate({ body: { title: title.trim(), ...(description.trim() ? { description } : {}), definition }, json });
    const body: Partial<SegmentInput> = {};
    if (title.trim() !== segment.title) body.title = title.trim();
    if ((description || null) !== segment.description) body.description = description === '' ? null : description;
    if (json !== initialJson) body.definition = definition;
    if (Object.keys(body).length === 0) return setSaved('Nothing changed.');
    save.mutate({ body, json });
  };
  const validate = () => {
    setShowBlank(true);
    const builder = found.size > 0;
    if (builder) setTimeout(() => builderRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return problems({
      title: check.filled(title, 'Name the segment, e.g. Gold buyers.'),
      definition: builder ? 'Correct the conditions marked below.' : null,
    });
  };
  const { conditions, levels, negated } = sizeOf(root);
  const error = target(root, definitionError);

  return (
    <div className="segment-editor">
      <Section title="Definition">
        <Form className="form segment-form" label={segment ? `Edit ${segment.title}` : 'New segment'} error={namesField(save.error, 'definition') ? null : save.error} validate={validate} onSubmit={submit}>
          {/* Shown, not changeable, to one who may not change data: the builder's buttons are hidden (styles.css). */}
          <fieldset disabled={!canChange} className={canChange ? 'plain-fieldset' : 'plain-fieldset read-only-fieldset'}>
            <TextField label="Title" name="title" value={title} onValue={setTitle} hint={segment ? `Its address stays ${segment.slug}.` : 'Its address (slug) is made from it and never changes.'} />
            <TextAreaField label="Description" name="description" rows={2} value={description} onValue={setDescription} hint="Optional: what the audience is for." />
            <div ref={builderRef}>
              <SegmentBuilder root={root} onChange={change} context={context} options={options} problems={found} showBlank={showBlank} error={error} />
            </div>
            <p className="hint">
              {/* The API counts a `not` as a group: a ticked "Not" can add a level no box shows. */}
              {formatCount(conditions)} of 50 conditions, {levels} of 5 levels of groups{negated ? ' (each “Not” counts as a group)' : ''}.
            </p>
          </fieldset>
          <div className="actions">
            <SubmitButton busy={save.isPending}>{segment ? 'Save changes' : 'Save segment'}</SubmitButton>
            {saved && !save.error ? (
              <span className="notice-inline" role="status">
                {saved}
              </span>
            ) : null}
          </div>
        </Form>
      </Section>
      {canChange ? (
        <Section title="Who matches">
          <Preview json={ready ? json : null} ready={ready} query={preview.query} />
        </Section>
      ) : null}
    </div>
  );
}

/** The error as the builder shows it: only a 400 about the definition. */
const target = (root: DraftGroup, error: unknown): unknown => (errorTarget(root, error) ? error : null);

/** What the chosen file will be like, in a sentence under the button. */
function exportNote(format: 'csv' | 'ndjson', layout: ExportLayout): string {
  if (format === 'csv' && layout === 'spreadsheet') {
    const comma = decimalSeparator() === ',';
    return `The file heads its columns in the words above and shows times in ${zoneName()}${comma ? '; fields are separated by “;” and decimals written with a comma, as spreadsheet programs in your language expect' : ''}.`;
  }
  return `The file names its columns as the API does (the small names above), for importing it elsewhere. ${fileTimesNote()}`;
}

const showSize = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

function MembersAndExport({ segment }: { segment: Segment }) {
  const count = useSegmentCount(segment.id);
  const [format, setFormat] = useState<'csv' | 'ndjson'>('csv');
  const [layout, setLayout] = useState<ExportLayout>('spreadsheet');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(DEFAULT_COLUMNS));
  const attributes = useGet('/account/custom-attributes');
  const groups = useMemo(() => exportColumns(attributes.data ?? []), [attributes.data]);
  const exported = useApiMutation((api, variables: { format: 'csv' | 'ndjson'; fields: string; layout: ExportLayout }) =>
    downloadSegment(api, segment.id, variables.format, variables.fields, variables.layout),
  );
  const validate = () => problems({ fields: chosen.size === 0 ? 'Tick at least one column.' : null });
  return (
    <Section title="Members and export">
      <p>
        {count.isPending ? 'Counting the members…' : count.isError ? explain(count.error).text : `${formatCount(count.data.count)} ${count.data.count === 1 ? 'customer is' : 'customers are'} in this segment now (as saved).`}{' '}
        <Link to={href('/customers', { segment: segment.id })}>Open the members</Link>
      </p>
      <Form className="form export-form" label="Export the members" error={exported.error} validate={validate} onSubmit={() => exported.mutate({ format, layout, fields: chosenFields(groups, chosen).join(',') })}>
        <SelectField
          label="Format"
          name="format"
          value={format}
          onValue={(value) => setFormat(value as 'csv' | 'ndjson')}
          options={[
            { value: 'csv', label: 'CSV (a spreadsheet)' },
            { value: 'ndjson', label: 'NDJSON (one JSON object a line)' },
          ]}
        />
        {format === 'csv' ? (
          <SelectField
            label="Layout"
            name="layout"
            value={layout}
            onValue={(value) => setLayout(value as ExportLayout)}
            options={[
              { value: 'spreadsheet', label: 'For a spreadsheet' },
              { value: 'program', label: 'For a program' },
            ]}
          />
        ) : null}
        <ExportColumns groups={groups} chosen={chosen} onChange={setChosen} />
        <div className="actions">
          <SubmitButton busy={exported.isPending} busyLabel="Exporting…" reads>
            Download the export
          </SubmitButton>
          <span className="hint" data-testid="export-file-note">
            {exportNote(format, layout)}
          </span>
        </div>
      </Form>
      {exported.data && !exported.error ? (
        <p className="notice" role="status" data-testid="segment-export-done">
          Downloaded {exported.data.filename} ({showSize(exported.data.size)}).
        </p>
      ) : null}
    </Section>
  );
}

const CHANGES_SHOWN = 25;

/** SG8: who entered or left the segment lately, newest first (GET /segments/{id}/changes). */
function RecentChanges({ segment }: { segment: Segment }) {
  const [type, setType] = useState<'' | 'entered' | 'exited'>('');
  const query = useApiQuery(
    ['/segments/{id}/changes', segment.id, type],
    (api) => api.segments.changes(segment.id, { limit: CHANGES_SHOWN, ...(type ? { type } : {}) }),
    { refetchInterval: 10_000 },
  );
  return (
    <Section title="Recent changes">
      <p className="hint">Customers who entered or left this segment as their data changed (kept 90 days). A new segment’s first members are not listed.</p>
      <Form className="form-inline" label="Filter the changes" onSubmit={() => undefined}>
        <SelectField
          label="Show"
          name="change-type"
          value={type}
          onValue={(value) => setType(value as '' | 'entered' | 'exited')}
          options={[
            { value: '', label: 'Entries and exits' },
            { value: 'entered', label: 'Entries only' },
            { value: 'exited', label: 'Exits only' },
          ]}
        />
      </Form>
      {query.isError ? (
        <ErrorNote error={query.error} retry={() => void query.refetch()} />
      ) : !query.data ? (
        <Loading label="Loading the changes…" />
      ) : query.data.length === 0 ? (
        <p data-testid="segment-changes-empty">No customer has entered or left this segment yet.</p>
      ) : (
        <DataTable
          caption={`The last ${query.data.length === CHANGES_SHOWN ? CHANGES_SHOWN : query.data.length} changes`}
          showCaption
          testId="segment-changes-table"
          rows={query.data}
          rowKey={(change) => `${change.type}-${change.userapp_id}-${change.at}`}
          columns={[
            { header: 'When', cell: (change) => showDateTime(change.at) },
            { header: 'Change', cell: (change) => (change.type === 'entered' ? 'Entered' : 'Left') },
            { header: 'Customer', cell: (change) => <Link to={`/customers/${change.userapp_id}`}>Customer {change.userapp_id}</Link> },
          ]}
        />
      )}
    </Section>
  );
}

export default function SegmentPage({ params }: { params: Record<string, string> }) {
  const api = useApi();
  const id = params.id;
  const query = useGet('/segments/{id}', { params: { path: { id: id ?? '' } } }, { enabled: id !== undefined });
  if (id === undefined) {
    return (
      <Page title="New segment" back={{ to: '/segments', label: 'Segments' }}>
        <Changes fallback={<ReadOnlyState />}>
          <Editor />
        </Changes>
      </Page>
    );
  }
  const segment = query.data as Segment | undefined;
  return (
    <Page
      title={segment?.title ?? 'Segment'}
      back={{ to: '/segments', label: 'Segments' }}
      actions={
        segment ? (
          <ConfirmDelete
            label="Delete segment"
            title={`Delete segment ${segment.title}`}
            description={<>Deletes the segment “{segment.title}”. Its customers stay; only the audience goes. A segment other segments use cannot be deleted.</>}
            counts={{ segments: 1 }}
            run={() => api.segments.delete(segment.id)}
            invalidate={[['api', '/segments']]}
            onDone={() => navigate('/segments')}
          />
        ) : undefined
      }
    >
      <DetailView query={query} loading="Loading the segment…" missing={<>There is no segment {id}. <Link to="/segments">See all segments</Link>.</>}>
        {(data) => (
          <>
            <Editor key={data.id} segment={data as Segment} />
            <MembersAndExport segment={data as Segment} />
            <RecentChanges segment={data as Segment} />
          </>
        )}
      </DetailView>
    </Page>
  );
}
