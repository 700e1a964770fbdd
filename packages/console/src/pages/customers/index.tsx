import { useState } from 'react';
import { Form, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link, useQueryParams } from '../../router.js';

/** Customers: search by e-mail, name, service UID or document; each opens the customer's page. */
export default function CustomersPage() {
  const [params, update] = useQueryParams();
  const search = params.get('q') ?? '';
  const setSearch = (q: string) => update({ q, page: '' }); // a new search starts at its first page
  const [draft, setDraft] = useState(search);
  const paged = usePagedGet('/users', { params: { query: search ? { search } : {} } });

  return (
    <Page title="Customers">
      <Form className="form-inline" label="Find customers" onSubmit={() => setSearch(draft.trim())}>
        <TextField label="Search" name="search" type="search" value={draft} onValue={setDraft} hint="Part of an e-mail, name, service UID or document." />
        <button type="submit" className="primary">
          Search
        </button>
        {search ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              setSearch('');
            }}
          >
            Clear
          </button>
        ) : null}
      </Form>
      <PagedTable
        paged={paged}
        loading="Loading customers…"
        empty={search ? `No customer matches “${search}”.` : 'No customers yet. Shops and connectors add them with POST /apiv3/users.'}
        caption={search ? `Customers matching “${search}”` : 'Customers'}
        testId="customers-table"
        rowKey={(user) => user.userapp_id}
        columns={[
          {
            header: 'Customer',
            cell: (user) => (
              <Link to={`/customers/${user.userapp_id}`}>
                {[user.first_name, user.last_name].filter(Boolean).join(' ') || user.email || user.service_uid || `#${user.userapp_id}`}
              </Link>
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
