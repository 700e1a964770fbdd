import type { Mailing } from '@rapport/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Customer } from '../../api/customers.js';
import { isNotFound } from '../../api/errors.js';
import { useApiMutation, useGet } from '../../api/queries.js';
import { useApi, useCanChange } from '../../api/session.js';
import { Page, Section } from '../../components/layout.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { setFlash } from '../../lib/flash.js';
import { Link, type PageProps, navigate } from '../../router.js';
import { ConfirmDelete } from '../catalogue/shared.js';
import { ComposeForm } from './compose.js';
import { Preview } from './preview.js';
import { Recipients } from './recipients.js';
import { Audience, Sending, TestSend } from './sending.js';
import { MAILING_KEYS, MailingStatusBadge, followsSending, statusInWords } from './shared.js';
import { Changes } from '../../components/access.js';

// One mailing: its status and the sending controls, the audience, the compose form, the preview
// for a customer at desktop or phone width, a test send, and once sending started its statistics
// and recipients. The mailing is read again every 2 s while it is scheduled or sending.

const back = { to: '/mailings', label: 'Mailings' };

function MailingView({ mailing }: { mailing: Mailing }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState('');
  const [customer, setCustomer] = useState<Customer | null>(null);
  const copy = useApiMutation((client) => client.mailings.copy(mailing.id), {
    invalidate: [...MAILING_KEYS],
    onSuccess: (created) => navigate(`/mailings/${created.id}`),
  });
  const editable = mailing.status === 'draft' || mailing.status === 'scheduled';
  const canChange = useCanChange();
  const started = mailing.started_at !== null;
  // The recipients follow the statistics while it is sent.
  const progress = JSON.stringify(mailing.stats);
  useEffect(() => {
    if (started) void queryClient.invalidateQueries({ queryKey: ['api', '/mailings/{id}/recipients'] });
  }, [progress, mailing.status, started, queryClient]);
  return (
    <Page
      title={mailing.name}
      back={back}
      actions={
        <>
          <Changes>
            <button type="button" onClick={() => copy.mutate()} disabled={copy.isPending}>
              {copy.isPending ? 'Copying…' : 'Copy'}
            </button>
          </Changes>
          {mailing.status !== 'sending' ? (
            <ConfirmDelete
              label="Delete mailing"
              title={`Delete mailing ${mailing.name}`}
              description={<>Deletes the mailing “{mailing.name}” with its recipients and statistics. This cannot be undone.</>}
              counts={{ mailings: 1, recipients: mailing.stats.recipients }}
              run={() => api.mailings.delete(mailing.id)}
              invalidate={[['api', '/mailings'], ['api', '/mailingfolders']]}
              onDone={() => {
                setFlash(`The mailing ${mailing.name} was deleted.`);
                navigate('/mailings');
              }}
            />
          ) : null}
        </>
      }
    >
      {copy.error ? <ErrorNote error={copy.error} /> : null}
      <p data-testid="mailing-status">
        <MailingStatusBadge status={mailing.status} /> <span className="muted">{statusInWords(mailing.status)}</span>
      </p>
      <Sending mailing={mailing} />
      {mailing.status === 'draft' ? <Audience mailing={mailing} /> : null}
      {started ? <Recipients mailing={mailing} /> : null}
      <Section title="Message" id="compose">
        {editable || !canChange ? null : (
          <p className="notice" role="status">
            A mailing changes only before it is sent. <strong>Copy</strong> it to change it and send it again.
          </p>
        )}
        {saved ? (
          <p className="notice" role="status" data-testid="mailing-saved">
            {saved}
          </p>
        ) : null}
        {/* Read again after each save (its updatetime): the form starts from what is saved. */}
        <ComposeForm key={mailing.updatetime} mailing={mailing} editable={editable && canChange} onSaved={setSaved} />
      </Section>
      <Preview mailing={mailing} customer={customer} onCustomer={setCustomer} />
      <Changes>
        <TestSend mailing={mailing} customer={customer} />
      </Changes>
    </Page>
  );
}

export default function MailingPage({ params }: PageProps) {
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const mailing = useGet('/mailings/{id}', { params: { path: { id: valid ? id : 1 } } }, { enabled: valid, refetchInterval: (q) => (followsSending(q.state.data?.status) ? 2000 : false) });
  if (!valid || isNotFound(mailing.error)) {
    return (
      <Page title="Mailing not found" back={back}>
        <Empty>
          There is no mailing {params.id} (it may have been deleted). <Link to="/mailings">See the mailings</Link>.
        </Empty>
      </Page>
    );
  }
  if (mailing.isPending) return <Loading label="Loading the mailing…" />;
  if (mailing.isError) {
    return (
      <Page title={`Mailing ${id}`} back={back}>
        <ErrorNote error={mailing.error} retry={() => void mailing.refetch()} />
      </Page>
    );
  }
  return <MailingView mailing={mailing.data} />;
}
