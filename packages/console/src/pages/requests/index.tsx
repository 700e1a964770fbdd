import type { BackgroundRequest } from '@rapport/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { type GetInit, useGet } from '../../api/queries.js';
import { type Option, Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { ErrorNote, Loading, StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { href, Link, useSearchParam } from '../../router.js';
import { FilterBar, FilteredList, filterError, useFilterBar } from '../catalogue/shared.js';
import { formatCount } from '../../lib/format.js';
import { useCanOpen } from '../../components/access.js';

// Background requests (K3) run in the server's worker. GET /requests (O11) lists the account's
// requests, newest first, whoever started them (this console, a connector, another browser), so the
// list follows the key signed in, never the browser. Filters (status, type) and the page live in
// the URL. While a request on the page is pending or running, the page is read again every second.
// Any request can also be looked up by its id (GET /requests/{id}). One customer's export and
// erasure (D1, D3) answer at once, so they are no requests: the page says where they are found.

const FILTERS = ['status', 'type'] as const;
type Status = BackgroundRequest['status'];
type ListQuery = NonNullable<NonNullable<GetInit<'/requests'>>['params']>['query'];

const STATUSES: readonly Status[] = ['pending', 'running', 'done', 'failed'];

/** The types of background request the server runs, for people. */
const TYPES: Readonly<Record<string, string>> = {
  'user-events.bulk-delete': 'Delete user events',
  'categories.delete': 'Delete a category',
  'categories.bulk-delete': 'Delete categories',
  'branches.delete': 'Delete a branch',
  'blacklist.purge': 'Clear out a replaced or emptied blacklist',
  'users.bulk-erase': 'Erase the members of a segment',
  'user-events.retention': 'Delete user events past their retention',
  'value-groups.refresh': 'Recompute value groups',
};

/** What a request's count counts, where "deleted" would mislead (the API names every count `deleted`). */
const COUNTED: Readonly<Record<string, (n: number) => string>> = {
  'value-groups.refresh': (n) => (n === 1 ? 'customer scored' : 'customers scored'),
  'users.bulk-erase': (n) => (n === 1 ? 'customer erased' : 'customers erased'),
};

const describeType = (type: string) => TYPES[type] ?? type;
const unfinished = (status: string | undefined) => status === 'pending' || status === 'running';

/** One request's state, polled while it runs. */
function useRequest(requestId: string) {
  return useGet(
    '/requests/{request_id}',
    { params: { path: { request_id: requestId } } },
    { refetchInterval: (query) => (query.state.error ? false : unfinished(query.state.data?.status) || !query.state.data ? 1000 : false), staleTime: 0 },
  );
}

function Outcome({ request }: { request: BackgroundRequest }) {
  if (!request.result) return <>{request.status === 'pending' ? 'waiting for the worker' : 'working…'}</>;
  return (
    <>
      {formatCount(request.result.deleted)} {COUNTED[request.type]?.(request.result.deleted) ?? 'deleted'}
      {request.status === 'running' ? ' so far' : ''}
      {request.result.error ? <span className="field-error"> — {request.result.error}</span> : null}
    </>
  );
}

function typeOptions(applied: string): Option[] {
  const options: Option[] = [{ value: '', label: 'Every type' }, ...Object.entries(TYPES).map(([value, label]) => ({ value, label }))];
  if (applied && !options.some((o) => o.value === applied)) options.push({ value: applied, label: applied });
  return options;
}

function RequestList() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const query: ListQuery = { page, limit: PAGE_SIZE, type: bar.query.type, status: bar.query.status as Status | undefined };
  const requests = useGet(
    '/requests',
    { params: { query } },
    { placeholderData: keepPreviousData, staleTime: 0, refetchInterval: (q) => (q.state.data?.some((r) => unfinished(r.status)) ? 1000 : false) },
  );
  const { draft } = bar;
  return (
    <Section title="Requests of this account" id="list">
      <FilterBar label="Filter background requests" bar={bar} error={filterError(requests.error, FILTERS)}>
        <SelectField
          label="Status"
          name="status"
          value={draft.status}
          onValue={bar.setNow('status')}
          options={[{ value: '', label: 'Every status' }, ...STATUSES.map((s) => ({ value: s, label: s }))]}
        />
        <SelectField label="Type" name="type" value={draft.type} onValue={bar.setNow('type')} options={typeOptions(bar.applied.type)} />
      </FilterBar>
      <FilteredList
        query={requests}
        bar={bar}
        names={FILTERS}
        page={page}
        noun="background requests"
        empty="This account has no background request yet. Deleting user events, categories or a branch starts one, from the console or from the API."
      >
        {(rows) => (
          <>
            <DataTable
              caption="Background requests"
              testId="requests-table"
              rows={rows}
              rowKey={(request) => request.request_id}
              columns={[
                {
                  header: 'Request',
                  cell: (request) => (
                    <>
                      <span data-testid="request-type">{describeType(request.type)}</span>
                      <br />
                      <Link to={href('/requests', { id: request.request_id })} className="hint">
                        <code data-testid="request-id">{request.request_id}</code>
                      </Link>
                    </>
                  ),
                },
                { header: 'Accepted', cell: (request) => showDateTime(request.created) },
                { header: 'Status', cell: (request) => <StatusBadge status={request.status} /> },
                { header: 'Outcome', cell: (request) => <Outcome request={request} /> },
                { header: 'Finished', cell: (request) => showDateTime(request.finished) },
              ]}
            />
            <Pager page={page} count={rows.length} onPage={setPage} label="Background requests" />
          </>
        )}
      </FilteredList>
    </Section>
  );
}

function LookUp() {
  const [id, setId] = useSearchParam('id');
  const [draft, setDraft] = useState(id);
  return (
    <Section title="Look up a request" id="look-up">
      <Form className="form-inline" label="Look up a request" onSubmit={() => setId(draft.trim())}>
        <TextField label="Request id" name="request_id" value={draft} onValue={setDraft} hint="The request_id a bulk delete answered, e.g. 3f0c5a8e-…" spellCheck={false} />
        <SubmitButton reads>Look up</SubmitButton>
      </Form>
      {id ? <OneRequest requestId={id} /> : null}
    </Section>
  );
}

function OneRequest({ requestId }: { requestId: string }) {
  const request = useRequest(requestId);
  if (request.isPending) return <Loading label="Reading the request…" />;
  if (request.isError) return <ErrorNote error={request.error} />;
  const data = request.data;
  return (
    <dl className="pairs" data-testid="request-detail">
      <div className="pair">
        <dt>Request</dt>
        <dd>
          <code>{data.request_id}</code>
        </dd>
      </div>
      <div className="pair">
        <dt>Type</dt>
        <dd>
          {describeType(data.type)} (<code>{data.type}</code>)
        </dd>
      </div>
      <div className="pair">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={data.status} />
        </dd>
      </div>
      <div className="pair">
        <dt>Outcome</dt>
        <dd>
          <Outcome request={data} />
        </dd>
      </div>
      <div className="pair">
        <dt>Accepted</dt>
        <dd>{showDateTime(data.created)}</dd>
      </div>
      <div className="pair">
        <dt>Finished</dt>
        <dd>{showDateTime(data.finished)}</dd>
      </div>
    </dl>
  );
}

export default function RequestsPage() {
  // The audit log is an owner's page: pointing an editor or a viewer there would send them to a closed door.
  const auditLog = useCanOpen('/audit-log');
  return (
    <Page title="Background requests">
      <p className="hint">
        Bulk deletes (user events, categories, branches) and the clean-up after a blacklist is replaced run in the background on the server. Every
        request of the account signed in is listed here, newest first, whoever started it.
      </p>
      <p className="hint" data-testid="requests-not-here">
        One customer’s export or deletion is not a background request: it is done at once on the customer’s page (<em>Their data</em>)
        {auditLog ? (
          <>
            , and the <Link to="/audit-log">audit log</Link> records it.
          </>
        ) : (
          '.'
        )}
      </p>
      <RequestList />
      <LookUp />
    </Page>
  );
}
