import { type RapportClient, RapportError } from '@rapport/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Customer, customerName, findCustomer, findCustomerFor, readCustomerRef, searchCustomers } from '../../api/customers.js';
import { useApiMutation, useApiQuery, useGet } from '../../api/queries.js';
import { CustomerSuggestions } from '../../components/customer-picker.js';
import { Form, SelectField, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { ErrorNote, QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { downloadSegment, saveFile, toCsv } from '../../lib/csv.js';
import { formatCount } from '../../lib/format.js';
import { fileMinute, fileTimesNote, showDateTime, zonedFileTimesNote, zonedHeader } from '../../lib/dates.js';
import { clearFlash, peekFlash } from '../../lib/flash.js';
import { Link, navigate, useQueryParams } from '../../router.js';
import { Email } from '../../components/email.js';

/**
 * The one customer a search names, to open straight away, or null to leave the list: `#12` must
 * be a customer (an error otherwise, under the field); digits are a customer number or service UID
 * when one has it; other text opens its customer when it finds exactly one.
 */
async function singleMatch(api: RapportClient, text: string): Promise<Customer | null> {
  const ref = readCustomerRef(text);
  if (!ref) return null;
  if (ref.kind === 'id') return findCustomerFor('search', api, text);
  if (ref.kind === 'number') return findCustomer(api, text).catch(() => null);
  const { users, total } = await searchCustomers(api, text, 2);
  return total === 1 && users[0] ? users[0] : null;
}

/** The columns a person can sort by, and the API's `sort` for each (docs/users.md). */
const SORTABLE = { name: 'last_name', email: 'email', points: 'points', created: 'createtime' } as const;
type SortKey = keyof typeof SORTABLE;

const sortState = (column: SortKey, sort: string) => (sort === SORTABLE[column] ? 'ascending' : sort === `-${SORTABLE[column]}` ? 'descending' : 'none');

/** A column header that sorts the list: ascending first, then descending; aria-sort says which. */
function SortHeader({ label, column, sort, onSort }: { label: string; column: SortKey; sort: string; onSort: (sort: string) => void }) {
  const field = SORTABLE[column];
  const state = sortState(column, sort);
  const next = state === 'ascending' ? `-${field}` : field;
  return (
    <button type="button" className="sort-button" data-sort={state} onClick={() => onSort(next)}>
      {label}
      <span aria-hidden="true">{state === 'ascending' ? ' ▲' : state === 'descending' ? ' ▼' : ' ↕'}</span>
    </button>
  );
}

const EXPORT_PAGE = 100;
/** A search's CSV is built here from its pages: at most this many customers (a segment's export has no limit). */
export const EXPORT_MAX = 50_000;

/**
 * The CSV of a search (or of every customer), read page by page in the chosen order (docs/users.md):
 * the API's columns and values, but the time on the account's clocks, headed with its zone.
 */
async function exportSearch(api: RapportClient, search: string, sort: string): Promise<{ filename: string; count: number; truncated: boolean }> {
  const rows: unknown[][] = [];
  let truncated = false;
  for (let page = 0; ; page += 1) {
    const users = await api.GET('/users', { params: { query: { page, limit: EXPORT_PAGE, ...(search ? { search } : {}), ...(sort ? { sort: sort as never } : {}) } } });
    // Tags as the segment's export (SG6) writes them: one field, separated by commas.
    for (const user of users) rows.push([user.userapp_id, user.service_uid, user.email, user.telephone, user.first_name, user.last_name, user.points, user.tags.join(','), fileMinute(user.createtime)]);
    if (users.length < EXPORT_PAGE) break;
    if (rows.length >= EXPORT_MAX) {
      truncated = true;
      break;
    }
  }
  const csv = toCsv(['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points', 'tags', zonedHeader('Created')], rows);
  const filename = search ? `customers-${search.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '').toLowerCase() || 'search'}.csv` : 'customers.csv';
  saveFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), filename);
  return { filename, count: rows.length, truncated };
}

/** One page of GET /users with its total (X-Total-Count, asked with total=true). */
function useCustomerPage(query: { search?: string; segment_id?: string; sort?: string }) {
  const [page, setPage] = usePage();
  const result = useApiQuery(
    ['/users', 'page with total', query, page],
    async (api, signal) => {
      const { data, error, response } = await api.raw.GET('/users', { params: { query: { ...query, sort: query.sort as never, page, limit: PAGE_SIZE, total: true } }, signal });
      if (!response.ok || !data) throw RapportError.fromResponse(response, error);
      const total = response.headers.get('X-Total-Count');
      return { users: data.payload, total: total === null ? null : Number(total) };
    },
    { placeholderData: keepPreviousData },
  );
  return { result, page, setPage };
}

/** The saved segments to filter by (the first 100); a segment in the URL that is not among them stays choosable. */
function useSegmentOptions(current: string) {
  const segments = useGet('/segments', { params: { query: { limit: 100 } } });
  const options = [{ value: '', label: segments.isPending ? 'All customers (loading the segments…)' : 'All customers' }];
  for (const segment of segments.data ?? []) options.push({ value: String(segment.id), label: segment.title });
  if (current && !options.some((option) => option.value === current)) options.push({ value: current, label: `Segment ${current}` });
  const title = segments.data?.find((segment) => String(segment.id) === current)?.title ?? (current ? `segment ${current}` : null);
  return { options, title };
}

/** Customers: search by e-mail, name, customer ID in your shop or document, or the members of a saved segment; each opens the customer's page. */
export default function CustomersPage() {
  const [params, update] = useQueryParams();
  const search = params.get('q') ?? '';
  const segment = params.get('segment') ?? '';
  const setSearch = (q: string) => update({ q, page: '' }); // a new search starts at its first page
  const [draft, setDraft] = useState(search);
  const [flash] = useState(peekFlash); // e.g. a customer just deleted from their page
  useEffect(() => clearFlash(), []);
  const sort = params.get('sort') ?? '';
  const setSort = (value: string) => update({ sort: value, page: '' });
  const segments = useSegmentOptions(segment);
  const query = { ...(search ? { search } : {}), ...(segment ? { segment_id: segment } : {}), ...(sort ? { sort } : {}) };
  const { result, page, setPage } = useCustomerPage(query);
  // One search box: Enter lists the matches, and opens the customer when it names exactly one
  // (not while a segment is chosen: then the list is what is looked at). Suggestions show as one types.
  const open = useApiMutation((api, text: string) => singleMatch(api, text), {
    onSuccess: (customer) => {
      if (customer) navigate(`/customers/${customer.userapp_id}`);
    },
  });
  const find = () => {
    const text = draft.trim();
    setSearch(text);
    if (text && !segment) open.mutate(text);
    else open.reset();
  };
  const exported = useApiMutation(async (client) => {
    if (segment) {
      const file = await downloadSegment(client, segment, 'csv');
      return `Downloaded ${file.filename}: every member of the segment.`;
    }
    const file = await exportSearch(client, search, sort);
    return `Downloaded ${file.filename}: ${formatCount(file.count)} ${file.count === 1 ? 'customer' : 'customers'}${file.truncated ? ` (the first ${formatCount(EXPORT_MAX)}; narrow the search, or export a segment for more)` : ''}.`;
  });
  const within = segments.title ? `in “${segments.title}”` : '';
  const caption = `Customers${within ? ` ${within}` : ''}${search ? ` matching “${search}”` : ''}`;
  const empty = segment
    ? search
      ? `No customer of this segment matches “${search}”.`
      : 'No customer is in this segment now.'
    : search
      ? `No customer matches “${search}”.`
      : 'No customers yet. Shops and connectors add them with POST /apiv3/users.';

  return (
    <Page title="Customers">
      {flash ? (
        <p className="notice" role="status" data-testid="customers-flash">
          {flash}
        </p>
      ) : null}
      <Form className="form-inline" label="Find customers" error={open.error} onSubmit={find}>
        <TextField
          label="Search"
          name="search"
          type="search"
          value={draft}
          onValue={setDraft}
          autoCapitalize="off"
          spellCheck={false}
          autoComplete="off"
          hint="A name, e-mail, customer ID in your shop, document or customer number (#1102). Enter lists the matches; when exactly one customer matches, their page opens."
        />
        <SelectField label="Segment" name="segment_id" value={segment} onValue={(value) => update({ segment: value, page: '' })} options={segments.options} hint={<>Only its members. <Link to="/segments">Segments</Link></>} />
        <button type="submit" className="primary">
          Search
        </button>
        {search || segment ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              open.reset();
              update({ q: '', segment: '', page: '' });
            }}
          >
            Clear
          </button>
        ) : null}
        {/* Hidden once Enter listed this text's matches below: the list is the answer then. */}
        <CustomerSuggestions text={draft} hidden={draft.trim() === search} onChoose={(customer) => navigate(`/customers/${customer.userapp_id}`)} />
      </Form>
      {segment ? (
        <p className="hint">
          The members as the segment is defined now. <Link to={`/segments/${segment}`}>Open the segment</Link>
        </p>
      ) : null}
      <QueryView query={result} loading="Loading customers…" isEmpty={(data) => data.users.length === 0 && page === 0} empty={empty}>
        {(data) => (
          <>
            <div className="section-head">
              <p className="list-total" role="status" data-testid="customers-total">
                {data.total === null ? null : (
                  <>
                    <strong>{formatCount(data.total)}</strong> {data.total === 1 ? 'customer' : 'customers'}
                    {data.total > PAGE_SIZE ? ` · page ${formatCount(page + 1)} of ${formatCount(Math.ceil(data.total / PAGE_SIZE))}` : ''}
                  </>
                )}
              </p>
              <button type="button" onClick={() => exported.mutate()} disabled={exported.isPending} data-testid="customers-export">
                {exported.isPending ? 'Exporting…' : segment ? 'Export the segment (CSV)' : search ? 'Export this search (CSV)' : 'Export all (CSV)'}
              </button>
            </div>
            <p className="hint" data-testid="customers-export-times">
              {/* A segment's members come as the API's file (UTC); a search is the console's own, in the account's zone. */}
              {segment ? fileTimesNote() : zonedFileTimesNote()}
            </p>
            {exported.error ? <ErrorNote error={exported.error} /> : null}
            {exported.data && !exported.error ? (
              <p className="notice" role="status" data-testid="customers-export-done">
                {exported.data}
              </p>
            ) : null}
            <DataTable
              caption={caption}
              testId="customers-table"
              rows={data.users}
              rowKey={(user) => user.userapp_id}
              columns={[
                {
                  header: <SortHeader label="Customer" column="name" sort={sort} onSort={setSort} />,
                  sort: sortState('name', sort),
                  label: 'Customer',
                  cell: (user) => <Link to={`/customers/${user.userapp_id}`}>{customerName(user)}</Link>,
                },
                { header: <SortHeader label="E-mail" column="email" sort={sort} onSort={setSort} />,
                  sort: sortState('email', sort), label: 'E-mail', cell: (user) => (user.email ? <Email address={user.email} /> : '—') },
                { header: 'Customer ID in your shop', cell: (user) => user.service_uid ?? '—' },
                { header: <SortHeader label="Points" column="points" sort={sort} onSort={setSort} />,
                  sort: sortState('points', sort), label: 'Points', className: 'num', cell: (user) => formatCount(user.points) },
                { header: 'Tags', cell: (user) => user.tags.join(', ') || '—' },
                { header: <SortHeader label="Created" column="created" sort={sort} onSort={setSort} />,
                  sort: sortState('created', sort), label: 'Created', cell: (user) => showDateTime(user.createtime) },
              ]}
            />
            <Pager page={page} count={data.users.length} limit={PAGE_SIZE} onPage={setPage} label={caption} />
          </>
        )}
      </QueryView>
    </Page>
  );
}
