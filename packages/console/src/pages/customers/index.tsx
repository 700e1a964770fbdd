import { useEffect, useState } from 'react';
import { CUSTOMER_HINT, checkCustomerRef, customerName, findCustomerFor } from '../../api/customers.js';
import { useApiMutation, useGet } from '../../api/queries.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { clearFlash, peekFlash } from '../../lib/flash.js';
import { problems } from '../../lib/validate.js';
import { Link, navigate, useQueryParams } from '../../router.js';

/** Straight to one customer's page (points, family, carts…) from their e-mail, service UID or number. */
function OpenCustomer() {
  const [text, setText] = useState('');
  const open = useApiMutation((api, typed: string) => findCustomerFor('customer', api, typed), {
    onSuccess: (customer) => navigate(`/customers/${customer.userapp_id}`),
  });
  return (
    <Form className="form-inline" label="Open a customer" error={open.error} validate={() => problems({ customer: checkCustomerRef(text) })} onSubmit={() => open.mutate(text)}>
      <TextField label="Open a customer" name="customer" value={text} onValue={setText} hint={CUSTOMER_HINT} autoCapitalize="off" spellCheck={false} />
      <SubmitButton busy={open.isPending} busyLabel="Looking…">
        Open
      </SubmitButton>
    </Form>
  );
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

/** Customers: search by e-mail, name, service UID or document, or the members of a saved segment; each opens the customer's page. */
export default function CustomersPage() {
  const [params, update] = useQueryParams();
  const search = params.get('q') ?? '';
  const segment = params.get('segment') ?? '';
  const setSearch = (q: string) => update({ q, page: '' }); // a new search starts at its first page
  const [draft, setDraft] = useState(search);
  const [flash] = useState(peekFlash); // e.g. a customer just deleted from their page
  useEffect(() => clearFlash(), []);
  const segments = useSegmentOptions(segment);
  const query = { ...(search ? { search } : {}), ...(segment ? { segment_id: segment } : {}) };
  const paged = usePagedGet('/users', { params: { query } });
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
      <OpenCustomer />
      <Form className="form-inline" label="Find customers" onSubmit={() => setSearch(draft.trim())}>
        <TextField label="Search" name="search" type="search" value={draft} onValue={setDraft} hint="Part of an e-mail, name, service UID or document." />
        <SelectField label="Segment" name="segment_id" value={segment} onValue={(value) => update({ segment: value, page: '' })} options={segments.options} hint={<>Only its members. <Link to="/segments">Segments</Link></>} />
        <button type="submit" className="primary">
          Search
        </button>
        {search || segment ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              update({ q: '', segment: '', page: '' });
            }}
          >
            Clear
          </button>
        ) : null}
      </Form>
      {segment ? (
        <p className="hint">
          The members as the segment is defined now. <Link to={`/segments/${segment}`}>Open the segment</Link>
        </p>
      ) : null}
      <PagedTable
        paged={paged}
        loading="Loading customers…"
        empty={empty}
        caption={caption}
        testId="customers-table"
        rowKey={(user) => user.userapp_id}
        columns={[
          {
            header: 'Customer',
            cell: (user) => (
              <Link to={`/customers/${user.userapp_id}`}>{customerName(user)}</Link>
            ),
          },
          { header: 'E-mail', cell: (user) => user.email ?? '—' },
          { header: 'Service UID', cell: (user) => user.service_uid ?? '—' },
          { header: 'Points', className: 'num', cell: (user) => user.points.toLocaleString() },
          { header: 'Tags', cell: (user) => user.tags.join(', ') || '—' },
          { header: 'Created', cell: (user) => showDateTime(user.createtime) },
        ]}
      />
    </Page>
  );
}
