import { Page, Section } from '../../components/layout.js';
import { navigate } from '../../router.js';
import { productPath } from './index.js';
import { ProductForm } from './product-form.js';

export default function NewProductPage() {
  return (
    <Page title="New product" back={{ to: '/catalogue', label: 'Catalogue' }}>
      <Section title="Product">
        <ProductForm onSaved={(product) => navigate(productPath(product.sku))} />
      </Section>
    </Page>
  );
}
