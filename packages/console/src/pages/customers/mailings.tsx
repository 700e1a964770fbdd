import { usePagedGet } from '../../components/pager.js';
import { Section } from '../../components/layout.js';
import { StatusBadge } from '../../components/states.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link } from '../../router.js';

// The mailings the customer is a recipient of, newest first, a page at a time
// (GET /users/{id}/mailings): the recipient's own status and times, and why when not sent.

export function CustomerMailings({ id }: { id: string }) {
  const paged = usePagedGet('/users/{id}/mailings', { params: { path: { id } } }, { pageParam: 'mailings_page' });
  return (
    <Section title="Mailings" id="mailings">
      <PagedTable
        paged={paged}
        loading="Reading the mailings…"
        empty={<>No mailing was sent to this customer. <Link to="/mailings">See the mailings</Link></>}
        caption="Mailings sent to this customer"
        testId="customer-mailings"
        rowKey={(m) => m.mailing.id}
        columns={[
          { header: 'Mailing', cell: (m) => <Link to={`/mailings/${m.mailing.id}`}>{m.mailing.name}</Link> },
          { header: 'Status', cell: (m) => <StatusBadge status={m.status} /> },
          { header: 'Sent', cell: (m) => showDateTime(m.sent_at) },
          { header: 'Opened', cell: (m) => showDateTime(m.opened_at) },
          { header: 'Clicked', cell: (m) => showDateTime(m.clicked_at) },
          { header: 'Unsubscribed', cell: (m) => showDateTime(m.unsubscribed_at) },
          { header: 'Why not sent', cell: (m) => (m.status === 'sent' || m.status === 'pending' ? '—' : (m.reason ?? '—')) },
        ]}
      />
    </Section>
  );
}
