import { Fragment, type ReactNode } from 'react';
import { usePeople } from '../../api/customers.js';
import { type GetResult, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Page, Section } from '../../components/layout.js';
import { DataTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import type { PageProps } from '../../router.js';
import { Link, href, navigate } from '../../router.js';
import { ConfirmDelete, CustomerLink, DetailView, formatNumber } from '../catalogue/shared.js';
import { productPath } from '../catalogue/index.js';
import { KINDS } from '../custom-attributes/kinds.js';
import { attributeRows } from '../custom-attributes/values.js';
import { formatMoney, formatCount } from '../../lib/format.js';

// One purchase (S4): who, where, the prices, payments and seller, each item, its custom values.

type Purchase = GetResult<'/purchases/{id}'>;
type Item = Purchase['purchase_detail'][number];

function Pairs({ rows, testId }: { rows: readonly (readonly [string, ReactNode])[]; testId?: string }) {
  return (
    <dl className="pairs" data-testid={testId}>
      {rows.map(([label, value]) => (
        <Fragment key={label}>
          <dt>{label}</dt>
          <dd>{value ?? '—'}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Items({ purchase }: { purchase: Purchase }) {
  const itemDefinitions = useGet(KINDS[3].path);
  const describe = (item: Item) =>
    [
      ...item.variations.map((v) => `${v.name}: ${v.value}`),
      ...attributeRows(itemDefinitions.data ?? [], item.custom_attributes).map(([label, value]) => `${label}: ${value}`),
      item.manufacturer_warranty_date ? `warranty until ${showDateTime(item.manufacturer_warranty_date)}` : '',
    ]
      .filter(Boolean)
      .join('; ') || '—';
  return (
    <DataTable
      caption="Items"
      testId="purchase-items"
      rows={purchase.purchase_detail}
      rowKey={(_, index) => index}
      columns={[
        { header: 'SKU', cell: (item) => <Link to={productPath(item.sku)}>{item.sku}</Link> },
        { header: 'Product', cell: (item) => item.product_name },
        { header: 'Category', cell: (item) => (item.category.length ? item.category.map((c) => c.name).join(' › ') : '—') },
        { header: 'Quantity', className: 'num', cell: (item) => formatCount(item.quantity) },
        { header: 'Unit price', className: 'num', cell: (item) => formatMoney(item.unit_price) },
        { header: 'Amount', className: 'num', cell: (item) => formatMoney(item.quantity * item.unit_price) },
        { header: 'Details', cell: describe },
      ]}
    />
  );
}

function PurchaseView({ purchase }: { purchase: Purchase }) {
  const people = usePeople([purchase.user.userapp_id]);
  const definitions = useGet(KINDS[2].path);
  const custom = attributeRows(definitions.data ?? [], purchase.custom_attributes);
  const { prices } = purchase;
  return (
    <>
      <div className="grid">
        <Section title="Purchase">
          <Pairs
            testId="purchase-details"
            rows={[
              ['Invoice', purchase.invoice_number],
              ['Date', showDateTime(purchase.createtime)],
              ['Approved', purchase.approvedtime ? showDateTime(purchase.approvedtime) : null],
              ['Customer', <CustomerLink key="customer" user={purchase.user} person={people.data?.get(purchase.user.userapp_id)} />],
              ['Branch', purchase.branch ? <Link to={href('/purchases', { branch_name: purchase.branch.name })}>{purchase.branch.name}</Link> : null],
              ['Channel', purchase.channel],
              ['Points credited', formatCount(purchase.points)],
              ...(purchase.seller ? ([['Seller', [purchase.seller.name, purchase.seller.email, purchase.seller.external_id].filter((v) => v !== null).join(' · ')]] as const) : []),
              ...custom,
            ]}
          />
        </Section>
        <Section title="Prices">
          <Pairs
            testId="purchase-prices"
            rows={[
              ['Gross', formatMoney(prices.gross)],
              ['Discount', formatMoney(prices.discount)],
              ['Tax', formatMoney(prices.tax)],
              ['Shipping', formatMoney(prices.shipping)],
              ['Total', <strong key="total">{formatMoney(prices.total)}</strong>],
              ['Cost', formatMoney(prices.cost)],
            ]}
          />
        </Section>
      </div>
      <Section title={`Items (${purchase.purchase_detail.length})`} id="items">
        <Items purchase={purchase} />
      </Section>
      {purchase.payment.length > 0 ? (
        <Section title="Payments">
          <DataTable
            caption="Payments"
            rows={purchase.payment}
            rowKey={(_, index) => index}
            columns={[
              { header: 'Type', cell: (p) => p.type },
              { header: 'Brand', cell: (p) => p.brand ?? '—' },
              { header: 'Bank', cell: (p) => p.bank ?? '—' },
              { header: 'Installments', className: 'num', cell: (p) => formatNumber(p.installments, 0) },
              { header: 'Amount', className: 'num', cell: (p) => formatMoney(p.total) },
            ]}
          />
        </Section>
      ) : null}
      {purchase.metadata ? (
        <Section title="Metadata">
          <pre>{JSON.stringify(purchase.metadata, null, 2)}</pre>
        </Section>
      ) : null}
    </>
  );
}

export default function PurchasePage({ params }: PageProps) {
  const api = useApi();
  const id = Number(params.id);
  const purchase = useGet('/purchases/{id}', { params: { path: { id } } });
  const data = purchase.data;
  return (
    <Page
      title={data ? `Purchase ${data.invoice_number}` : `Purchase ${params.id}`}
      back={{ to: '/purchases', label: 'Purchases' }}
      actions={
        data ? (
          <ConfirmDelete
            label="Delete purchase"
            title={`Delete purchase ${data.id}`}
            description={<>Deletes purchase {data.invoice_number} with its items. The points it credited stay with the customer; products and branches it created stay.</>}
            counts={{ purchases: 1, items: data.purchase_detail.length }}
            run={() => api.DELETE('/purchases/{id}', { params: { path: { id } } })}
            invalidate={[['api', '/purchases']]}
            onDone={() => navigate('/purchases')}
          />
        ) : null
      }
    >
      <DetailView
        query={purchase}
        loading="Loading the purchase…"
        missing={
          <>
            There is no purchase {params.id}. <Link to="/purchases">Back to the purchases</Link>.
          </>
        }
      >
        {(loaded) => <PurchaseView purchase={loaded} />}
      </DetailView>
    </Page>
  );
}
