import { Fragment, useState } from 'react';
import { encodeSku } from '@rapport/sdk';
import { useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Page, Section } from '../../components/layout.js';
import { showDateTime } from '../../lib/dates.js';
import type { PageProps } from '../../router.js';
import { Link, href, navigate } from '../../router.js';
import { productPath } from './index.js';
import { KINDS } from '../custom-attributes/kinds.js';
import { attributeRows } from '../custom-attributes/values.js';
import { type Product, ProductForm } from './product-form.js';
import { ConfirmDelete, DetailView, SavedNotice, formatNumber } from './shared.js';
import { formatMoney } from '../../lib/format.js';
import { Changes } from '../../components/access.js';

// One product: what it holds, a form to change it, and its deletion (purchases keep their copy).

function Details({ product }: { product: Product }) {
  const definitions = useGet(KINDS[1].path);
  const specifications = Array.isArray(product.specifications) ? product.specifications.map((s) => [s.name, s.value] as const) : Object.entries(product.specifications);
  const custom = attributeRows(definitions.data ?? [], product.custom_attributes);
  return (
    <dl className="pairs" data-testid="product-details">
      <dt>SKU</dt>
      <dd>{product.sku}</dd>
      <dt>Name</dt>
      <dd>{product.name}</dd>
      <dt>Brand</dt>
      <dd>{product.brand ?? '—'}</dd>
      <dt>Category</dt>
      <dd>
        {product.category.length
          ? product.category.map((c, i) => (
              <span key={c.id}>
                {i > 0 ? ' › ' : ''}
                <Link to={href('/catalogue', { category: c.id })}>{c.name}</Link>
              </span>
            ))
          : '—'}
      </dd>
      <dt>Price</dt>
      <dd>{formatMoney(product.price)}</dd>
      <dt>Offer price</dt>
      <dd>{formatMoney(product.offer_price)}</dd>
      <dt>Stock</dt>
      <dd>{formatNumber(product.stock, 0)}</dd>
      <dt>Available</dt>
      <dd>{product.available ? 'Yes' : 'No'}</dd>
      {product.url ? (
        <>
          <dt>Page</dt>
          <dd>
            <a href={product.url} rel="noreferrer noopener" target="_blank">
              {product.url}
            </a>
          </dd>
        </>
      ) : null}
      {specifications.map(([name, value]) => (
        <Fragment key={`spec-${name}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
      {custom.map(([name, value]) => (
        <Fragment key={`attr-${name}`}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
      <dt>Created</dt>
      <dd>{showDateTime(product.createtime)}</dd>
      <dt>Updated</dt>
      <dd>{showDateTime(product.updatetime)}</dd>
    </dl>
  );
}

export default function ProductPage({ params }: PageProps) {
  const api = useApi();
  const sku = params.sku ?? '';
  const product = useGet('/products/{sku}', { params: { path: { sku: encodeSku(sku) } } });
  const title = product.data?.name ?? sku;
  const [savedAt, setSavedAt] = useState<number | null>(null);
  return (
    <Page
      title={title}
      back={{ to: '/catalogue', label: 'Catalogue' }}
      actions={
        product.data ? (
          <ConfirmDelete
            label="Delete product"
            title={`Delete product ${sku}`}
            description={<>Deletes “{product.data.name}” ({sku}) and its custom attribute values. Past purchases keep their own copy of the item.</>}
            counts={{ products: 1 }}
            run={() => api.DELETE('/products/{sku}', { params: { path: { sku: encodeSku(sku) } } })}
            invalidate={[['api', '/products']]}
            onDone={() => navigate('/catalogue')}
          />
        ) : null
      }
    >
      <DetailView
        query={product}
        loading="Loading the product…"
        missing={
          <>
            There is no product with SKU “{sku}”. <Link to="/catalogue">Back to the catalogue</Link>.
          </>
        }
      >
        {(data) => (
          <div className="grid">
            <Section title="Details">
              <Details product={data} />
            </Section>
            <Changes>
              <Section title="Edit">
                <SavedNotice at={savedAt} />
                <ProductForm
                  key={data.updatetime + data.sku}
                  product={data}
                  onSaved={(saved) => {
                    setSavedAt(Date.now());
                    if (saved.sku !== sku) navigate(productPath(saved.sku), { replace: true });
                  }}
                />
              </Section>
            </Changes>
          </div>
        )}
      </DetailView>
    </Page>
  );
}
