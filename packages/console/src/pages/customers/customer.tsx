import { Page } from '../../components/layout.js';
import { Empty } from '../../components/states.js';
import type { PageProps } from '../../pages.js';

// Placeholder until this page is built.
export default function CustomerPage({ params }: PageProps) {
  return (
    <Page title={`Customer ${params.id}`} back={{ to: '/customers', label: 'Customers' }}>
      <Empty>This page is not built yet.</Empty>
    </Page>
  );
}
