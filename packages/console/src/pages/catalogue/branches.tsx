import { NewLink } from '../../components/new-link.js';
import { keepPreviousData } from '@tanstack/react-query';
import { useGet } from '../../api/queries.js';
import { TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { Link } from '../../router.js';
import { CATALOGUE_NAV } from './index.js';
import { FilterBar, FilteredList, SubNav, filterError, useFilterBar } from './shared.js';

// Branches (P4): the listing, searched by name. Purchases create missing branches by name, and the
// API has no delete for them.

const FILTERS = ['search'] as const;

export default function BranchesPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const branches = useGet('/branches', { params: { query: { page, limit: PAGE_SIZE, ...bar.query } } }, { placeholderData: keepPreviousData });
  return (
    <Page title="Branches" actions={<NewLink to="/catalogue/branches/new">New branch</NewLink>}>
      <SubNav label="Catalogue" items={CATALOGUE_NAV} />
      <Section title="Branches">
        <FilterBar label="Filter branches" bar={bar} error={filterError(branches.error, FILTERS)}>
          <TextField label="Search" name="search" type="search" placeholder="Part of the name" value={bar.draft.search} onValue={bar.set('search')} />
        </FilterBar>
        <FilteredList query={branches} bar={bar} names={FILTERS} page={page} noun="branches" empty="No branches yet. Add one with “New branch”; purchases also create the branch they name.">
          {(data) => (
            <>
              <DataTable
                caption="Branches"
                testId="branches-table"
                rows={data}
                rowKey={(branch) => branch.id}
                columns={[
                  { header: 'Name', cell: (branch) => <Link to={`/catalogue/branches/${branch.id}`}>{branch.name}</Link> },
                  { header: 'City', cell: (branch) => branch.city ?? '—' },
                  { header: 'Zone', cell: (branch) => (branch.branch_zone ? (branch.branch_zone.name ?? branch.branch_zone.code) : '—') },
                  { header: 'Status', cell: (branch) => <StatusBadge status={branch.status} /> },
                  { header: 'Format', cell: (branch) => branch.format?.replace(/_/g, ' ') ?? '—' },
                  { header: 'Web', cell: (branch) => (branch.is_web ? 'Yes' : 'No') },
                ]}
              />
              <Pager page={page} count={data.length} onPage={setPage} label="Branches" />
            </>
          )}
        </FilteredList>
      </Section>
    </Page>
  );
}
