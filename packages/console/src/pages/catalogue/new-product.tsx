import { Page, Section } from '../../components/layout.js';
import { navigate } from '../../router.js';
import { productPath } from './index.js';
import { ProductForm } from './product-form.js';
import { Changes, ReadOnlyState } from '../../components/access.js';

export default function NewProductPage() {
  return (
    <Page title="New product" back={{ to: '/catalogue', label: 'Catalogue' }}>
      <Section title="Product">
        <Changes fallback={<ReadOnlyState />}>
          <ProductForm onSaved={(product) => navigate(productPath(product.sku))} />
        </Changes>
      </Section>
    </Page>
  );
}
