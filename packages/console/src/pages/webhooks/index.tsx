import { WEBHOOK_ALL_EVENTS, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@rapport/sdk';
import { useEffect, useState } from 'react';
import { useApiMutation, useGet } from '../../api/queries.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { clearFlash, peekFlash } from '../../lib/flash.js';
import { check, problems } from '../../lib/validate.js';
import { Link } from '../../router.js';
import { type EventChoice, EndpointStatus, EventPicker, EventsSummary, SecretOnce, WEBHOOK_KEYS, checkEvents, eventsOf } from './shared.js';

/**
 * For developers: how a receiver checks a message's signature. The messages follow the public
 * Standard Webhooks specification (docs/webhooks.md, W3), whose site explains it with libraries.
 */
const SIGNATURES_HELP = 'https://www.standardwebhooks.com/';

// Webhooks (W1–W5): the account's endpoints, and a form for a new one. The answer to the creation
// holds the endpoint's signing secret, the only time the API shows it: it is shown here, once, in
// this page's memory only (not in the URL, not in the query cache), until dismissed or left.

/** A URL as the API stores it (WHATWG's href: `HTTPS://Crm.example.com` is `https://crm.example.com/`), to find the same address typed otherwise. */
function sameAddress(url: string): string {
  try {
    return new URL(url.trim()).href;
  } catch {
    return url.trim();
  }
}

/**
 * What to do when the URL typed is no web address (`not a url`, `ftp:/bad url`), said with the
 * other problems of the form at once. Whether http:// and private addresses are taken depends on
 * the server, which says so itself about an address that passes this.
 */
function checkAddress(url: string): string | null {
  const empty = check.filled(url, 'Type the address Rapport sends to, starting with https://.');
  if (empty) return empty;
  const typed = url.trim();
  try {
    const { protocol, hostname } = new URL(typed);
    if (!/\s/.test(typed) && (protocol === 'https:' || protocol === 'http:') && hostname !== '') return null;
  } catch {
    // said below
  }
  return 'Type a full address starting with https://, like https://crm.example.com/hooks/rapport.';
}

/** The events of an endpoint in a sentence: "all events", or the types. */
const eventsInWords = (events: readonly string[]) => (events.includes(WEBHOOK_ALL_EVENTS) ? 'all events' : events.join(', '));

function NewEndpoint({ existing, onCreated }: { existing: readonly WebhookEndpoint[]; onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const [url, setUrl] = useState('');
  // A second endpoint to an address one already has is allowed (the API keys endpoints by id) but
  // likely a slip, and its receiver would get every message twice: the first Create only warns.
  const twin = url.trim() === '' ? undefined : existing.find((endpoint) => sameAddress(endpoint.url) === sameAddress(url));
  const [warned, setWarned] = useState<string | null>(null);
  const twinShown = twin !== undefined && warned === sameAddress(url);
  const [choice, setChoice] = useState<EventChoice>({ all: false, types: [] });
  const [description, setDescription] = useState('');
  const create = useApiMutation((api, body: Parameters<typeof api.webhooks.create>[0]) => api.webhooks.create(body), {
    invalidate: [...WEBHOOK_KEYS],
    onSuccess: (endpoint) => {
      setUrl('');
      setChoice({ all: false, types: [] });
      setDescription('');
      onCreated(endpoint);
    },
  });
  return (
    <Form
      changes
      clearOnEdit
      label="New webhook endpoint"
      error={create.error}
      validate={() => problems({ url: checkAddress(url), events: checkEvents(choice) })}
      onSubmit={() => {
        if (twin && !twinShown) return setWarned(sameAddress(url));
        create.mutate({ url: url.trim(), events: eventsOf(choice), ...(description.trim() ? { description: description.trim() } : {}) });
      }}
    >
      <TextField
        label="URL"
        name="url"
        type="url"
        inputMode="url"
        autoCapitalize="off"
        spellCheck={false}
        value={url}
        onValue={setUrl}
        placeholder="https://crm.example.com/hooks/rapport"
        hint="Where Rapport sends each message: an https:// address on the public internet. Addresses on this machine or a private network are refused, unless the server allows them."
      />
      <EventPicker choice={choice} onChange={setChoice} />
      <TextField label="Description" name="description" value={description} onValue={setDescription} hint="Optional: what receives these messages, e.g. CRM sync." />
      {twinShown ? (
        <p className="warning-note" role="alert" data-testid="duplicate-warning">
          A webhook to this URL exists already: {twin.description ? `“${twin.description}”` : `#${twin.id}`}, for {eventsInWords(twin.events)}
          {twin.status === 'enabled' ? '' : ` (${twin.status})`}. Its receiver would get each message twice. Create another anyway?
        </p>
      ) : null}
      <div className="actions">
        <SubmitButton busy={create.isPending} busyLabel="Creating…">
          {twinShown ? 'Create anyway' : 'Create endpoint'}
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function WebhooksPage() {
  const endpoints = useGet('/webhooks');
  const [created, setCreated] = useState<WebhookEndpointWithSecret | null>(null);
  const [flash] = useState(peekFlash); // an endpoint just deleted from its page
  useEffect(() => clearFlash(), []);
  return (
    <Page title="Webhooks">
      <p className="hint page-intro">
        Rapport sends a message to each endpoint (an address of your own systems on the internet) when data changes, signed so the receiver can tell it came from
        Rapport:{' '}
        <a href={SIGNATURES_HELP} target="_blank" rel="noreferrer">
          how to verify signatures
        </a>{' '}
        (for developers). Failed messages are tried again for about a day; an endpoint whose every message failed for 5 days is disabled.
      </p>
      {flash ? (
        <p className="notice" role="status" data-testid="webhooks-flash">
          {flash}
        </p>
      ) : null}
      {created ? (
        <SecretOnce secret={created.secret} title={`Signing secret of ${created.url}`} onDismiss={() => setCreated(null)}>
          <p>
            The endpoint is created and enabled. <Link to={`/webhooks/${created.id}`}>Open it</Link> to send a test message.
          </p>
        </SecretOnce>
      ) : null}
      <Section title="Endpoints">
        <QueryView query={endpoints} loading="Loading the endpoints…" isEmpty={(rows) => rows.length === 0} empty="No endpoints yet. Create one with the form below.">
          {(rows) => (
            <DataTable
              caption="Webhook endpoints"
              testId="webhooks-table"
              rows={rows}
              rowKey={(endpoint) => endpoint.id}
              columns={[
                { header: 'URL', cell: (endpoint) => <Link to={`/webhooks/${endpoint.id}`}>{endpoint.url}</Link> },
                { header: 'Events', cell: (endpoint) => <EventsSummary events={endpoint.events} /> },
                {
                  header: 'Status',
                  cell: (endpoint) => (
                    <div>
                      <EndpointStatus status={endpoint.status} />
                    </div>
                  ),
                },
                { header: 'Description', cell: (endpoint) => endpoint.description || '—' },
              ]}
            />
          )}
        </QueryView>
      </Section>
      <Section title="New endpoint">
        <NewEndpoint existing={endpoints.data ?? []} onCreated={setCreated} />
      </Section>
    </Page>
  );
}
