import type { Mailing } from '@rapport/sdk';
import { SelectField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { StatusBadge } from '../../components/states.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link, useQueryParams } from '../../router.js';
import { RECIPIENT_STATUSES, reasonInWords } from './shared.js';
import { formatCount } from '../../lib/format.js';

// The recipients of a mailing (M7): its frozen audience in customer-number order, 25 a page
// (?rpage=), filtered by status (?rstatus=), each with why it was not sent and when it was sent,
// opened and clicked.

export function Recipients({ mailing }: { mailing: Mailing }) {
  const [params, update] = useQueryParams();
  const given = params.get('rstatus') ?? '';
  const status = RECIPIENT_STATUSES.find((s) => s === given);
  const paged = usePagedGet('/mailings/{id}/recipients', { params: { path: { id: mailing.id }, query: status ? { status } : {} } }, { pageParam: 'rpage' });
  return (
    <Section title="Recipients" id="recipients">
      <div className="list-picker">
        <SelectField
          label="Recipients’ status"
          name="rstatus"
          value={status ?? ''}
          onValue={(value) => update({ rstatus: value, rpage: '' })}
          options={[{ value: '', label: 'Every status' }, ...RECIPIENT_STATUSES.map((s) => ({ value: s, label: s }))]}
        />
      </div>
      <PagedTable
        paged={paged}
        loading="Loading the recipients…"
        empty={status ? `No recipient is ${status}.` : 'No recipients: the audience is fixed when sending starts.'}
        caption={status ? `Recipients ${status}` : 'Recipients'}
        testId="mailing-recipients"
        rowKey={(r) => r.userapp_id}
        columns={[
          { header: 'Customer', cell: (r) => <Link to={`/customers/${r.userapp_id}`}>{r.email ?? `#${r.userapp_id}`}</Link> },
          { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          { header: 'Why', cell: (r) => reasonInWords(r.reason) },
          { header: 'Attempts', className: 'num', cell: (r) => formatCount(r.attempts) },
          { header: 'Sent', cell: (r) => showDateTime(r.sent_at) },
          { header: 'Opened', cell: (r) => showDateTime(r.opened_at) },
          { header: 'Clicked', cell: (r) => showDateTime(r.clicked_at) },
        ]}
      />
    </Section>
  );
}
