import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useGet } from '../../api/queries.js';
import { Form, SelectField, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { Link } from '../../router.js';
import { categoryOptions } from '../categories/tree.js';
import { SubNav, formatNumber, useFilters } from './shared.js';

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

export default function ProductsPage() {
  const [filters, apply] = useFilters(['search', 'category', 'available'] as const);
  const [search, setSearch] = useState(filters.search);
  const [page, setPage] = usePage();
  const categories = useGet('/categories');
  const products = useGet(
    '/products',
    {
      params: {
        query: { page, limit: PAGE_SIZE, search: filters.search || undefined, category: filters.category || undefined, available: (filters.available || undefined) as 'true' | 'false' | undefined },
      },
    },
    { placeholderData: keepPreviousData },
  );
  const filtered = Boolean(filters.search || filters.category || filters.available);
  return (
    <Page
      title="Catalogue"
      actions={
        <Link to="/catalogue/new">
          New product
        </Link>
      }
    >
      <SubNav label="Catalogue" items={CATALOGUE_NAV} />
      <Section title="Products">
        <Form className="form-inline" label="Filter products" onSubmit={() => apply({ search })}>
          <TextField label="Search" name="search" type="search" placeholder="SKU, name or brand" value={search} onValue={setSearch} />
          <SelectField
            label="Category (with subcategories)"
            name="category"
            value={filters.category}
            onValue={(category) => apply({ category, search })}
            options={categoryOptions(categories.data ?? [], { value: '', label: 'Any category' })}
          />
          <SelectField label="Availability" name="available" value={filters.available} onValue={(available) => apply({ available, search })} options={AVAILABILITY} />
          <div className="actions">
            <button type="submit">Search</button>
            {filtered ? (
              <button
                type="button"
                onClick={() => {
                  setSearch('');
                  apply({ search: '', category: '', available: '' });
                }}
              >
                Clear filters
              </button>
            ) : null}
          </div>
        </Form>
        <QueryView
          query={products}
          loading="Loading products…"
          isEmpty={(data) => data.length === 0 && page === 0}
          empty={filtered ? 'No product matches these filters. Clear them to see every product.' : 'No products yet. Add one with “New product”, or let your shop’s connector send them.'}
        >
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
                  { header: 'Price', className: 'num', cell: (product) => formatNumber(product.price) },
                  { header: 'Stock', className: 'num', cell: (product) => formatNumber(product.stock, 0) },
                  { header: 'Available', cell: (product) => (product.available ? 'Yes' : 'No') },
                ]}
              />
              <Pager page={page} count={data.length} onPage={setPage} label="Products" />
            </>
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
