import type { RotatedWebhookSecret, WebhookChanges, WebhookEndpoint } from '@rapport/sdk';
import { useId, useRef, useState } from 'react';
import { isNotFound } from '../../api/errors.js';
import { useApiMutation, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { Empty, ErrorNote, ErrorText, Loading } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import { setFlash } from '../../lib/flash.js';
import { check, problems } from '../../lib/validate.js';
import { Link, type PageProps, navigate } from '../../router.js';
import { ConfirmDelete } from '../catalogue/shared.js';
import { DeliveryLog } from './deliveries.js';
import { type EventChoice, EndpointStatus, EventPicker, EventsSummary, SecretOnce, WEBHOOK_KEYS, checkEvents, choiceOf, eventsOf } from './shared.js';
import { Changes } from '../../components/access.js';

// One webhook endpoint: what it is sent, enable/disable, rotate its secret (the new one shown once;
// the previous one signs too for 24 hours), change it, delete it, and its delivery log.

function Summary({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <dl className="pairs" data-testid="webhook-summary">
      <div className="pair">
        <dt>Status</dt>
        <dd>
          <EndpointStatus status={endpoint.status} />{' '}
          <span className="muted">{endpoint.status === 'enabled' ? 'messages are sent' : 'nothing is sent until it is enabled'}</span>
        </dd>
      </div>
      <div className="pair">
        <dt>URL</dt>
        <dd>
          <code>{endpoint.url}</code>
        </dd>
      </div>
      <div className="pair">
        <dt>Events</dt>
        <dd>
          <EventsSummary events={endpoint.events} />
        </dd>
      </div>
      <div className="pair">
        <dt>Description</dt>
        <dd>{endpoint.description || '—'}</dd>
      </div>
      <div className="pair">
        <dt>Created</dt>
        <dd>{showDateTime(endpoint.createtime)}</dd>
      </div>
      <div className="pair">
        <dt>Changed</dt>
        <dd>{showDateTime(endpoint.updatetime)}</dd>
      </div>
    </dl>
  );
}

function EditEndpoint({ endpoint, onSaved, onEdit }: { endpoint: WebhookEndpoint; onSaved: (text: string) => void; onEdit: () => void }) {
  const [url, setUrlValue] = useState(endpoint.url);
  const [choice, setChoiceValue] = useState<EventChoice>(() => choiceOf(endpoint.events));
  const [description, setDescriptionValue] = useState(endpoint.description);
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      onEdit();
      set(value);
    };
  const [setUrl, setChoice, setDescription] = [edited(setUrlValue), edited(setChoiceValue), edited(setDescriptionValue)];
  const save = useApiMutation((api, changes: WebhookChanges) => api.webhooks.update(endpoint.id, changes), {
    invalidate: [...WEBHOOK_KEYS],
    onSuccess: () => onSaved('Changes saved.'),
  });
  const submit = () => {
    const events = eventsOf(choice);
    const changes: WebhookChanges = {
      ...(url.trim() !== endpoint.url ? { url: url.trim() } : {}),
      ...(JSON.stringify(events) !== JSON.stringify(eventsOf(choiceOf(endpoint.events))) ? { events } : {}),
      ...(description.trim() !== endpoint.description ? { description: description.trim() } : {}),
    };
    if (Object.keys(changes).length === 0) return onSaved('Nothing to save: nothing was changed.');
    save.mutate(changes);
  };
  return (
    <Form
      label="Change the endpoint"
      error={save.error}
      validate={() => problems({ url: check.filled(url, 'Type the address Rapport sends to, starting with https://.'), events: checkEvents(choice) })}
      onSubmit={submit}
    >
      <TextField label="URL" name="url" type="url" inputMode="url" autoCapitalize="off" spellCheck={false} value={url} onValue={setUrl} />
      <EventPicker choice={choice} onChange={setChoice} />
      <TextField label="Description" name="description" value={description} onValue={setDescription} />
      <div className="actions">
        <SubmitButton busy={save.isPending}>Save changes</SubmitButton>
      </div>
    </Form>
  );
}

/** "Rotate secret": asks first (receivers need the new secret within 24 hours), then shows the new one once. */
function RotateSecret({ endpoint, onRotated }: { endpoint: WebhookEndpoint; onRotated: (rotated: RotatedWebhookSecret) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const rotate = useApiMutation((api) => api.webhooks.rotateSecret(endpoint.id), {
    invalidate: [...WEBHOOK_KEYS],
    onSuccess: (rotated) => {
      dialog.current?.close();
      onRotated(rotated);
    },
  });
  return (
    <>
      <button
        type="button"
        onClick={() => {
          rotate.reset();
          dialog.current?.showModal();
        }}
      >
        Rotate secret
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="dialog">
        <div className="dialog-body">
          <h2 id={titleId}>Rotate the signing secret</h2>
          <p>
            Rapport makes a new secret and shows it once. For 24 hours the current secret keeps signing too (each message carries both signatures), so the
            receiver keeps working until it has the new one.
          </p>
          {rotate.error ? (
            <p className="error-note" role="alert">
              <ErrorText error={rotate.error} />
            </p>
          ) : null}
          <div className="actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="button" className="danger" onClick={() => rotate.mutate()} disabled={rotate.isPending} aria-busy={rotate.isPending || undefined}>
              {rotate.isPending ? 'Rotating…' : 'Make a new secret'}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}

function Endpoint({ endpoint }: { endpoint: WebhookEndpoint }) {
  const api = useApi();
  const [notice, setNotice] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [rotated, setRotated] = useState<RotatedWebhookSecret | null>(null);
  const toggle = useApiMutation((client, status: 'enabled' | 'disabled') => client.webhooks.update(endpoint.id, { status }), {
    invalidate: [...WEBHOOK_KEYS],
    onSuccess: (changed) =>
      setNotice(changed.status === 'disabled' ? 'Disabled: nothing is sent to this endpoint until it is enabled again.' : 'Enabled: messages are sent to this endpoint again.'),
  });
  const enabled = endpoint.status === 'enabled';
  return (
    <Page
      title={endpoint.url}
      back={{ to: '/webhooks', label: 'Webhooks' }}
      actions={
        <Changes>
          <button
            type="button"
            onClick={() => {
              setNotice(null);
              toggle.mutate(enabled ? 'disabled' : 'enabled');
            }}
            disabled={toggle.isPending}
          >
            {enabled ? 'Disable' : 'Enable'}
          </button>
          <RotateSecret
            endpoint={endpoint}
            onRotated={(answer) => {
              setNotice(null);
              setRotated(answer);
            }}
          />
          <ConfirmDelete
            label="Delete endpoint"
            title="Delete this webhook endpoint"
            description={<>Deletes the endpoint {endpoint.url}, its delivery log and any message not sent yet. Nothing more is sent to it. This cannot be undone.</>}
            counts={{ webhook_endpoints: 1 }}
            run={() => api.webhooks.delete(endpoint.id)}
            invalidate={[['api', '/webhooks']]}
            onDone={() => {
              setFlash(`The endpoint ${endpoint.url} was deleted.`);
              navigate('/webhooks');
            }}
          />
        </Changes>
      }
    >
      {notice ? (
        <p className="notice" role="status" data-testid="webhook-notice">
          {notice}
        </p>
      ) : null}
      {toggle.error ? <ErrorNote error={toggle.error} /> : null}
      {rotated ? (
        <SecretOnce secret={rotated.secret} title="New signing secret" onDismiss={() => setRotated(null)}>
          <p data-testid="webhook-rotation">
            The previous secret keeps signing too until <strong>{showDateTime(rotated.previous_secret_expires)}</strong> (24 hours): until then every message
            carries both signatures. Put the new secret in the receiver before that.
          </p>
        </SecretOnce>
      ) : null}
      <Section title="Endpoint">
        <Summary endpoint={endpoint} />
      </Section>
      <DeliveryLog endpoint={endpoint} />
      <Section title="Change the endpoint">
        {saved ? (
          <p className="notice" role="status" data-testid="webhook-saved">
            {saved}
          </p>
        ) : null}
        {/* Read again after each change (its updatetime): the form starts from what is saved. */}
        <EditEndpoint key={endpoint.updatetime} endpoint={endpoint} onSaved={setSaved} onEdit={() => setSaved(null)} />
      </Section>
    </Page>
  );
}

export default function WebhookEndpointPage({ params }: PageProps) {
  const id = Number(params.id);
  const valid = Number.isSafeInteger(id) && id > 0;
  const endpoint = useGet('/webhooks/{id}', { params: { path: { id: valid ? id : 1 } } }, { enabled: valid });
  const back = { to: '/webhooks', label: 'Webhooks' };
  if (!valid || isNotFound(endpoint.error)) {
    return (
      <Page title="Endpoint not found" back={back}>
        <Empty>
          There is no webhook endpoint {params.id} (it may have been deleted). <Link to="/webhooks">See the endpoints</Link>.
        </Empty>
      </Page>
    );
  }
  if (endpoint.isPending) return <Loading label="Loading the endpoint…" />;
  if (endpoint.isError) {
    return (
      <Page title={`Webhook endpoint ${id}`} back={back}>
        <ErrorNote error={endpoint.error} retry={() => void endpoint.refetch()} />
      </Page>
    );
  }
  return <Endpoint endpoint={endpoint.data} />;
}
