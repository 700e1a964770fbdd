import { useGet } from '../../api/queries.js';
import { Section } from '../../components/layout.js';
import { QueryView, StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link } from '../../router.js';

// The mailings the customer was a recipient of (M9), from the customer export (GET
// /users/{id}/export, D3: its `mailings` array): the API has no other read of them per customer.
// The export carries everything held about the customer, so it is read once, when this part of
// the page is shown, and kept a minute.

export function CustomerMailings({ id }: { id: string }) {
  const exported = useGet('/users/{id}/export', { params: { path: { id } } }, { staleTime: 60_000 });
  return (
    <Section title="Mailings" id="mailings">
      <QueryView
        query={exported}
        loading="Reading the mailings…"
        isEmpty={(data) => data.mailings.length === 0}
        empty={<>No mailing was sent to this customer. <Link to="/mailings">See the mailings</Link></>}
      >
        {(data) => (
          <DataTable
            caption="Mailings sent to this customer"
            testId="customer-mailings"
            rows={[...data.mailings].reverse()}
            rowKey={(m) => m.mailing_id}
            columns={[
              { header: 'Mailing', cell: (m) => <Link to={`/mailings/${m.mailing_id}`}>{m.name}</Link> },
              { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
              { header: 'Sent', cell: (m) => showDateTime(m.sent_at) },
              { header: 'Opened', cell: (m) => showDateTime(m.opened_at) },
              { header: 'Clicked', cell: (m) => showDateTime(m.clicked_at) },
              { header: 'Unsubscribed', cell: (m) => showDateTime(m.unsubscribed_at) },
            ]}
          />
        )}
      </QueryView>
    </Section>
  );
}
