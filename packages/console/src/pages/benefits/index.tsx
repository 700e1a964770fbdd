import { keepPreviousData } from '@tanstack/react-query';
import { useGet } from '../../api/queries.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { Link } from '../../router.js';
import { SubNav } from '../catalogue/shared.js';
import { Availability, BENEFITS_NAV } from './shared.js';

// Benefits (B1, B4): every benefit of the account, any status, by id; each one's page edits it,
// assigns it to a customer and lists its coupons.

export default function BenefitsPage() {
  const [page, setPage] = usePage();
  const benefits = useGet('/benefits/all', { params: { query: { page, limit: PAGE_SIZE } } }, { placeholderData: keepPreviousData });
  return (
    <Page title="Benefits & coupons" actions={<Link to="/benefits/new">New benefit</Link>}>
      <SubNav label="Benefits and coupons" items={BENEFITS_NAV} />
      <Section title="Benefits">
        <QueryView
          query={benefits}
          loading="Loading benefits…"
          isEmpty={(data) => data.length === 0 && page === 0}
          empty="No benefits yet. Create one with “New benefit”: customers then exchange points for it."
        >
          {(data) => (
            <>
              <DataTable
                caption="Benefits"
                testId="benefits-table"
                rows={data}
                rowKey={(benefit) => benefit.id}
                columns={[
                  { header: 'Title', cell: (b) => <Link to={`/benefits/${b.id}`}>{b.title}</Link> },
                  { header: 'Now', cell: (b) => <Availability benefit={b} /> },
                  { header: 'Points', className: 'num', cell: (b) => b.points.toLocaleString() },
                  { header: 'Starts (UTC)', cell: (b) => b.startdate },
                  { header: 'Ends (UTC)', cell: (b) => b.enddate },
                  { header: 'Featured', cell: (b) => (b.featured === '1' ? 'Yes' : 'No') },
                ]}
              />
              <Pager page={page} count={data.length} onPage={setPage} label="Benefits" />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
