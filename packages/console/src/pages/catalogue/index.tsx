import { NewLink } from '../../components/new-link.js';
import { keepPreviousData } from '@tanstack/react-query';
import { useGet } from '../../api/queries.js';
import { SelectField, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { DataTable } from '../../components/table.js';
import { Link } from '../../router.js';
import { type CategoryNode, buildTree, categoryOptions } from '../categories/tree.js';
import { FilterBar, FilteredList, SubNav, filterError, formatNumber, useFilterBar } from './shared.js';
import { formatMoney } from '../../lib/format.js';

// Products (P1–P3): the listing with its filters (search, category with its descendants,
// availability), in the URL so that a filtered list can be shared and survives Back.

export const CATALOGUE_NAV = [
  { to: '/catalogue', label: 'Products' },
  { to: '/catalogue/branches', label: 'Branches' },
] as const;

export const productPath = (sku: string) => `/catalogue/products/${encodeURIComponent(sku)}`;

const AVAILABILITY = [
  { value: '', label: 'Any' },
  { value: 'true', label: 'Available' },
  { value: 'false', label: 'Not available' },
];

const FILTERS = ['search', 'category', 'available'] as const;

/** The category tree as links that filter the list (the chosen one marked); "All products" clears it. */
function CategoryTree({ nodes, chosen, onChoose }: { nodes: readonly CategoryNode[]; chosen: string; onChoose: (code: string) => void }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.code}>
          <a
            href={`?category=${encodeURIComponent(node.code)}`}
            aria-current={node.code === chosen ? 'true' : undefined}
            onClick={(event) => {
              event.preventDefault();
              onChoose(node.code);
            }}
          >
            {node.code === chosen ? <strong>{node.name}</strong> : node.name}
          </a>
          {node.children.length > 0 ? <CategoryTree nodes={node.children} chosen={chosen} onChoose={onChoose} /> : null}
        </li>
      ))}
    </ul>
  );
}

export default function ProductsPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const categories = useGet('/categories');
  const { search, category, available } = bar.query;
  const products = useGet(
    '/products',
    { params: { query: { page, limit: PAGE_SIZE, search, category, available: available as 'true' | 'false' | undefined } } },
    { placeholderData: keepPreviousData },
  );
  return (
    <Page title="Catalogue" actions={<NewLink to="/catalogue/new">New product</NewLink>}>
      <SubNav label="Catalogue" items={CATALOGUE_NAV} />
      <Section title="Products">
        <FilterBar label="Filter products" bar={bar} error={filterError(products.error, FILTERS)}>
          <TextField label="Search" name="search" type="search" placeholder="SKU, name or brand" value={bar.draft.search} onValue={bar.set('search')} />
          <SelectField
            label="Category (with subcategories)"
            name="category"
            value={bar.draft.category}
            onValue={bar.setNow('category')}
            options={categoryOptions(categories.data ?? [], { value: '', label: 'Any category' })}
          />
          <SelectField label="Availability" name="available" value={bar.draft.available} onValue={bar.setNow('available')} options={AVAILABILITY} />
        </FilterBar>
        {categories.data && categories.data.length > 0 ? (
          <details className="section" open={Boolean(bar.applied.category) || undefined}>
            <summary>Browse by category</summary>
            <nav aria-label="Categories" data-testid="catalogue-category-tree">
              <CategoryTree nodes={buildTree(categories.data)} chosen={bar.applied.category} onChoose={bar.setNow('category')} />
              {bar.applied.category ? (
                <button type="button" className="link" onClick={() => bar.setNow('category')('')}>
                  All categories
                </button>
              ) : null}
            </nav>
          </details>
        ) : null}
        <FilteredList query={products} bar={bar} names={FILTERS} page={page} noun="products" empty="No products yet. Add one with “New product”, or let your shop’s connector send them.">
          {(data) => (
            <>
              <DataTable
                caption="Products"
                testId="products-table"
                rows={data}
                rowKey={(product) => product.id}
                columns={[
                  { header: 'SKU', cell: (product) => <Link to={productPath(product.sku)}>{product.sku}</Link> },
                  { header: 'Name', cell: (product) => product.name },
                  { header: 'Brand', cell: (product) => product.brand ?? '—' },
                  { header: 'Category', cell: (product) => (product.category.length ? product.category.map((c) => c.name).join(' › ') : '—') },
                  { header: 'Price', className: 'num', cell: (product) => formatMoney(product.price) },
                  { header: 'Stock', className: 'num', cell: (product) => formatNumber(product.stock, 0) },
                  { header: 'Available', cell: (product) => (product.available ? 'Yes' : 'No') },
                ]}
              />
              <Pager page={page} count={data.length} onPage={setPage} label="Products" />
            </>
          )}
        </FilteredList>
      </Section>
    </Page>
  );
}
