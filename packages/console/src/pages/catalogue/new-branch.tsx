import { Page, Section } from '../../components/layout.js';
import { navigate } from '../../router.js';
import { BranchForm } from './branch-form.js';
import { Changes, ReadOnlyState } from '../../components/access.js';

export default function NewBranchPage() {
  return (
    <Page title="New branch" back={{ to: '/catalogue/branches', label: 'Branches' }}>
      <Section title="Branch">
        <Changes fallback={<ReadOnlyState />}>
          <BranchForm onSaved={(branch) => navigate(`/catalogue/branches/${branch.id}`)} />
        </Changes>
      </Section>
    </Page>
  );
}
