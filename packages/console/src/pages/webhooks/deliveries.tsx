import type { WebhookDelivery, WebhookDeliveryStatus, WebhookEndpoint } from '@rapport/sdk';
import { useState } from 'react';
import { useApiMutation } from '../../api/queries.js';
import { SelectField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { ErrorNote, StatusBadge } from '../../components/states.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { useQueryParams } from '../../router.js';
import { Changes } from '../../components/access.js';
import { formatCount } from '../../lib/format.js';

// An endpoint's delivery log (W5): newest first, paged (?page=), filtered by status (?status=), with
// "Send a test message" (POST /webhooks/{id}/test) and a Retry per message, each answering the
// message after its attempt: the outcome is said above the log, and the log is read again.

const STATUSES: readonly WebhookDeliveryStatus[] = ['pending', 'succeeded', 'failed'];
const DELIVERY_KEYS = [['api', '/webhooks/{id}/deliveries']];

interface Outcome {
  /** A test message, or a message sent again. */
  kind: 'test' | 'retry';
  delivery: WebhookDelivery;
}

function OutcomeNote({ outcome }: { outcome: Outcome }) {
  const { kind, delivery } = outcome;
  const what = kind === 'test' ? 'The test message' : `Message ${delivery.message_id}`;
  if (delivery.status === 'succeeded') {
    return (
      <p className="notice" role="status" data-testid="webhook-outcome">
        {what} was delivered{kind === 'retry' ? ' again' : ''}: the endpoint answered HTTP {delivery.response_status}
        {delivery.duration_ms !== null ? ` in ${formatCount(delivery.duration_ms)} ms` : ''}.
      </p>
    );
  }
  const answer = delivery.response_status !== null ? `the endpoint answered HTTP ${delivery.response_status}` : 'no answer came';
  return (
    <p className="error-note" role="alert" data-testid="webhook-outcome">
      {what} was not delivered: {answer}
      {delivery.error ? ` (${delivery.error})` : ''}. {kind === 'test' ? 'Check the URL and that the receiver answers 2xx, then send another.' : 'It can be retried again.'}
    </p>
  );
}

function ResponseBody({ body }: { body: string | null }) {
  if (body === null || body === '') return null;
  return (
    <details className="response-body">
      <summary>{body.length > 40 ? `${body.slice(0, 40)}…` : body}</summary>
      <pre>{body}</pre>
    </details>
  );
}

export function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const [params, update] = useQueryParams();
  const given = params.get('status') ?? '';
  const status = STATUSES.find((s) => s === given);
  const paged = usePagedGet('/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id }, query: status ? { status } : {} } });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const test = useApiMutation((api) => api.webhooks.test(endpoint.id), {
    invalidate: DELIVERY_KEYS,
    onSuccess: (delivery) => setOutcome({ kind: 'test', delivery }),
  });
  const retry = useApiMutation((api, messageId: string) => api.webhooks.retry(endpoint.id, messageId), {
    invalidate: DELIVERY_KEYS,
    onSuccess: (delivery) => setOutcome({ kind: 'retry', delivery }),
  });
  const busy = test.isPending || retry.isPending;
  const send = () => {
    retry.reset();
    setOutcome(null);
    test.mutate();
  };
  const again = (messageId: string) => {
    test.reset();
    setOutcome(null);
    retry.mutate(messageId);
  };
  return (
    <Section
      title="Delivery log"
      id="deliveries"
      actions={
        <>
          <button type="button" onClick={() => void paged.query.refetch()} disabled={paged.query.isFetching}>
            Refresh
          </button>
          <Changes>
            <button type="button" className="primary" onClick={send} disabled={busy} aria-busy={test.isPending || undefined}>
              {test.isPending ? 'Sending…' : 'Send a test message'}
            </button>
          </Changes>
        </>
      }
    >
      <p className="hint">Every message for this endpoint, newest first, kept 30 days once finished. A retry sends the same message (same webhook-id) now.</p>
      {outcome ? <OutcomeNote outcome={outcome} /> : null}
      {test.error ? <ErrorNote error={test.error} /> : null}
      {retry.error ? <ErrorNote error={retry.error} /> : null}
      <div className="list-picker">
        <SelectField
          label="Status"
          name="status"
          value={status ?? ''}
          onValue={(value) => update({ status: value, page: '' })}
          options={[{ value: '', label: 'Every status' }, ...STATUSES.map((s) => ({ value: s, label: s }))]}
        />
      </div>
      <PagedTable
        paged={paged}
        loading="Loading the delivery log…"
        empty={status ? `No ${status} messages.` : 'No messages yet. Send a test message, or wait for a change of a type this endpoint receives.'}
        caption={status ? `Messages ${status}` : 'Messages'}
        testId="webhook-deliveries-table"
        rowKey={(delivery) => delivery.message_id}
        columns={[
          { header: 'Time', className: 'nowrap', cell: (d) => showDateTime(d.createtime) },
          {
            header: 'Message',
            cell: (d) => (
              <div>
                <code className="delivery-id">{d.message_id}</code>
                <br />
                <code className="delivery-type muted">{d.type}</code>
              </div>
            ),
          },
          {
            header: 'Status',
            cell: (d) => (
              <div>
                <StatusBadge status={d.status} />
                <span className="delivery-attempts muted">
                  {formatCount(d.attempts)} {d.attempts === 1 ? 'attempt' : 'attempts'}
                </span>
                {d.status === 'pending' && d.next_attempt_at ? <span className="delivery-next muted">next try {showDateTime(d.next_attempt_at)}</span> : null}
              </div>
            ),
          },
          {
            header: 'Answer',
            className: 'nowrap',
            cell: (d) => (
              <div>
                {d.response_status === null ? 'none' : <span className="delivery-response">HTTP {d.response_status}</span>}
                {d.duration_ms === null ? null : <span className="muted"> · {formatCount(d.duration_ms)} ms</span>}
              </div>
            ),
          },
          {
            header: 'Error and body',
            className: 'delivery-body',
            cell: (d) => (
              <div>
                {d.error ? <span className="delivery-error">{d.error}</span> : null}
                <ResponseBody body={d.response_body} />
                {!d.error && !d.response_body ? '—' : null}
              </div>
            ),
          },
          {
            header: 'Actions',
            cell: (d) => (
              <Changes>
                <button type="button" onClick={() => again(d.message_id)} disabled={busy} aria-label={`Retry ${d.message_id}`}>
                  {retry.isPending && retry.variables === d.message_id ? 'Sending…' : 'Retry'}
                </button>
              </Changes>
            ),
          },
        ]}
      />
    </Section>
  );
}
