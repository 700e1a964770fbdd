import { Page, Section } from '../../components/layout.js';
import { navigate } from '../../router.js';
import { BenefitForm } from './benefit-form.js';
import { Changes, ReadOnlyState } from '../../components/access.js';

export default function NewBenefitPage() {
  return (
    <Page title="New benefit" back={{ to: '/benefits', label: 'Benefits' }}>
      <Section title="Benefit">
        <Changes fallback={<ReadOnlyState />}>
          <BenefitForm onSaved={(benefit) => navigate(`/benefits/${benefit.id}`)} />
        </Changes>
      </Section>
    </Page>
  );
}
