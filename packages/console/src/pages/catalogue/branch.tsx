import { useState } from 'react';
import { useGet } from '../../api/queries.js';
import { Page, Section } from '../../components/layout.js';
import { StatusBadge } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import type { PageProps } from '../../router.js';
import { Link, href } from '../../router.js';
import { type Branch, BranchForm } from './branch-form.js';
import { DetailView, SavedNotice } from './shared.js';
import { Changes } from '../../components/access.js';

// One branch: its fields and a form to change them (branches are not deleted: the API has no such call).

function Details({ branch }: { branch: Branch }) {
  const rows: [string, string | null][] = [
    ['Display name', branch.display_name],
    ['E-mail', branch.email],
    ['Telephone', branch.telephone],
    ['Address', branch.address],
    ['City', branch.city],
    ['State', branch.state],
    ['Country', branch.country?.code ?? null],
    ['Zone', branch.branch_zone ? [branch.branch_zone.code, branch.branch_zone.name].filter(Boolean).join(' — ') : null],
    ['Format', branch.format?.replace(/_/g, ' ') ?? null],
    ['Business type', branch.business_type],
    ['Working hours', branch.working_hours],
    ['Web shop', branch.is_web ? 'Yes' : 'No'],
    ['Created', showDateTime(branch.createtime)],
    ['Updated', showDateTime(branch.updatetime)],
  ];
  return (
    <dl className="pairs" data-testid="branch-details">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={branch.status} />
      </dd>
      {rows.flatMap(([label, value]) => [<dt key={`${label}-t`}>{label}</dt>, <dd key={`${label}-d`}>{value ?? '—'}</dd>])}
    </dl>
  );
}

export default function BranchPage({ params }: PageProps) {
  const id = Number(params.id);
  const branch = useGet('/branches/{id}', { params: { path: { id } } });
  const [savedAt, setSavedAt] = useState<number | null>(null);
  return (
    <Page title={branch.data?.name ?? `Branch ${params.id}`} back={{ to: '/catalogue/branches', label: 'Branches' }}>
      <DetailView
        query={branch}
        loading="Loading the branch…"
        missing={
          <>
            There is no branch {params.id}. <Link to="/catalogue/branches">Back to the branches</Link>.
          </>
        }
      >
        {(data) => (
          <div className="grid">
            <Section title="Details">
              <Details branch={data} />
              <p>
                <Link to={href('/purchases', { branch_name: data.name })}>Purchases at this branch</Link>
              </p>
            </Section>
            <Changes>
              <Section title="Edit">
                <SavedNotice at={savedAt} />
                <BranchForm key={data.updatetime + data.name} branch={data} onSaved={() => setSavedAt(Date.now())} />
              </Section>
            </Changes>
          </div>
        )}
      </DetailView>
    </Page>
  );
}
