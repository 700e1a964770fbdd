import { NewLink } from '../../components/new-link.js';
import { Page, Section } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { PagedTable } from '../../components/table.js';
import { Link } from '../../router.js';
import { SubNav } from '../catalogue/shared.js';
import { Availability, BENEFITS_NAV, showValidity } from './shared.js';
import { formatCount } from '../../lib/format.js';

// Benefits (B1, B4): every benefit of the account, any status, by id; each one's page edits it,
// assigns it to a customer and lists its coupons.

export default function BenefitsPage() {
  const benefits = usePagedGet('/benefits/all', undefined);
  return (
    <Page title="Benefits & coupons" actions={<NewLink to="/benefits/new">New benefit</NewLink>}>
      <SubNav label="Benefits and coupons" items={BENEFITS_NAV} />
      <Section title="Benefits">
        <PagedTable
          paged={benefits}
          caption="Benefits"
          testId="benefits-table"
          loading="Loading benefits…"
          empty="No benefits yet. Create one with “New benefit”: customers then exchange points for it."
          rowKey={(benefit) => benefit.id}
          columns={[
            { header: 'Title', cell: (b) => <Link to={`/benefits/${b.id}`}>{b.title}</Link> },
            { header: 'Now', cell: (b) => <Availability benefit={b} /> },
            { header: 'Points', className: 'num', cell: (b) => formatCount(b.points) },
            { header: 'Starts', cell: (b) => showValidity(b.startdate, 'start') },
            { header: 'Ends', cell: (b) => showValidity(b.enddate, 'end') },
            { header: 'Featured', cell: (b) => (b.featured === '1' ? 'Yes' : 'No') },
          ]}
        />
      </Section>
    </Page>
  );
}
