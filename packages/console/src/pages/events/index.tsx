import { useState } from 'react';
import { useApiMutation } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { showDateTime } from '../../lib/dates.js';
import { check, problems } from '../../lib/validate.js';
import { Page, Section } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { PagedTable } from '../../components/table.js';
import { Link, href } from '../../router.js';
import { ConfirmDelete, SubNav } from '../catalogue/shared.js';
import { EVENTS_NAV, countUserEvents } from './shared.js';
import { Changes } from '../../components/access.js';

// Event definitions (E1, E2): create one, list them, delete one with all its user events. The API
// has no way to rename an event (names are what connectors send), so there is no edit.

function NewEvent() {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const create = useApiMutation((api, body: { name: string }) => api.POST('/events', { body }), {
    invalidate: [['api', '/events']],
    onSuccess: (event) => {
      setCreated(`Event “${event.name}” created.`);
      setName('');
    },
  });
  return (
    <Form
      changes
      className="form-inline"
      error={create.error}
      label="New event"
      validate={() => problems({ name: check.filled(name, 'Type the event’s name, e.g. signup.') ?? (/^[A-Za-z0-9-]{1,64}$/.test(name.trim()) ? null : 'Use 1 to 64 letters, digits or -, without spaces.') })}
      onSubmit={() => create.mutate({ name })}>
      <TextField label="Event name" name="name" value={name} onValue={setName} autoCapitalize="off" spellCheck={false} hint="Letters, digits and -, e.g. signup. Case counts." />
      <div className="actions">
        <SubmitButton busy={create.isPending} busyLabel="Creating…">
          Create event
        </SubmitButton>
      </div>
      {created && !create.error ? (
        <p className="notice" role="status">
          {created}
        </p>
      ) : null}
    </Form>
  );
}

export default function EventsPage() {
  const api = useApi();
  const events = usePagedGet('/events', undefined);
  return (
    <Page title="Events">
      <SubNav label="Events" items={EVENTS_NAV} />
      <Changes>
        <Section title="New event">
          <NewEvent />
        </Section>
      </Changes>
      <Section title="Event definitions">
        <PagedTable
          paged={events}
          caption="Event definitions"
          testId="events-table"
          loading="Loading events…"
          empty="No events yet. Create one above; then your site sends user events of it."
          rowKey={(event) => event.id}
          columns={[
            { header: 'Name', cell: (event) => <code>{event.name}</code> },
            { header: 'Created', cell: (event) => showDateTime(event.createtime) },
            { header: 'ID', className: 'num', cell: (event) => event.id },
            {
              header: 'Actions',
              cell: (event) => (
                <div className="actions">
                  <Link to={href('/events/user-events', { event: event.name })} aria-label={`User events of ${event.name}`}>
                    User events
                  </Link>
                  <ConfirmDelete
                    label={`Delete ${event.name}`}
                    title={`Delete event ${event.name}`}
                    description={<>Deletes the event “{event.name}” and every user event recorded for it, at once. This cannot be undone.</>}
                    counts={async () => ({ events: 1, user_events: await countUserEvents(api, event.name) })}
                    run={() => api.DELETE('/events/{id}', { params: { path: { id: event.id } } })}
                    invalidate={[['api', '/events'], ['api', '/user-events']]}
                  />
                </div>
              ),
            },
          ]}
        />
      </Section>
    </Page>
  );
}
