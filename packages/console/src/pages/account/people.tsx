import { useState } from 'react';
import type { Role } from '../../api/console-calls.js';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { useApi, useSession } from '../../api/session.js';
import { ConfirmAction } from '../../components/confirm.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { ErrorText, QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Changes } from '../../components/access.js';

// The people who sign in to the console (T1, T4): GET|POST /account/people, PUT|DELETE
// /account/people/{id}, for owners. A new person's welcome link is shown once, to copy.

type Person = GetResult<'/account/people'>[number];

const PEOPLE: ['api', string][] = [['api', '/account/people']];

export const ROLE_OPTIONS: readonly { value: Role; label: string }[] = [
  { value: 'viewer', label: 'Viewer: reads only' },
  { value: 'editor', label: 'Editor: changes data, segments, mailings, blacklists, benefits' },
  { value: 'owner', label: 'Owner: everything, people and settings too' },
];

/** A welcome link just made, and whether the server e-mailed it (`emailed` in the API's answer). */
interface NewLink {
  email: string;
  url: string;
  emailed: boolean;
}

function LinkToCopy({ email, url, emailed, testId }: NewLink & { testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="notice" role="status" data-testid={testId}>
      <p>
        {emailed ? (
          <>
            The link to choose a password was e-mailed to <strong>{email}</strong>. Here it is too, if you want to give it yourself (it works once, for 72 hours,
            and is shown only now).
          </>
        ) : (
          <>
            This server does not send e-mail (or could not this time): give <strong>{email}</strong> this link yourself to choose a password. It works once, for
            72 hours, and is shown only now.
          </>
        )}
      </p>
      <p className="welcome-link">
        <input readOnly aria-label="Welcome link" value={url} onFocus={(event) => event.target.select()} data-testid="welcome-link" />
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </p>
    </div>
  );
}

/** `onAdded(null)` as an add starts: the link shown before belongs to an earlier add, not to this one (which may be refused). */
function AddPerson({ onAdded }: { onAdded: (added: NewLink | null) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('editor');
  const add = useApiMutation((api, body: { email: string; role: Role }) => api.POST('/account/people', { body }), {
    invalidate: PEOPLE,
    onSuccess: (person) => {
      onAdded({ email: person.email, url: person.invite_url, emailed: person.emailed });
      setEmail('');
    },
  });
  return (
    <Form
      changes
      label="Add a person"
      error={add.error}
      validate={() => (email.trim() === '' ? { email: 'Type their e-mail address.' } : null)}
      onSubmit={() => {
        onAdded(null);
        add.mutate({ email: email.trim(), role });
      }}
    >
      <div className="form-inline">
        <TextField label="E-mail" name="email" type="email" autoComplete="off" value={email} onValue={setEmail} />
        <SelectField label="Role" name="role" value={role} onValue={(value) => setRole(value as Role)} options={ROLE_OPTIONS} />
        <div className="actions">
          <SubmitButton busy={add.isPending} busyLabel="Adding…">
            Add the person
          </SubmitButton>
        </div>
      </div>
    </Form>
  );
}

function RoleCell({ person }: { person: Person }) {
  const { person: me, refreshPerson } = useSession();
  const [role, setRole] = useState<Role>(person.role);
  const change = useApiMutation((api, next: Role) => api.PUT('/account/people/{id}', { params: { path: { id: person.id } }, body: { role: next } }), {
    invalidate: PEOPLE,
    // Demoting oneself changes what this console shows at once.
    onSuccess: () => (me?.email === person.email ? void refreshPerson() : undefined),
  });
  return (
    <div className="form-inline">
      <SelectField
        label={`Role of ${person.email}`}
        labelHidden
        name={`role-${person.id}`}
        value={role}
        onValue={(value) => setRole(value as Role)}
        options={ROLE_OPTIONS.map(({ value }) => ({ value, label: value }))}
      />
      <Changes>
        <button type="button" disabled={role === person.role || change.isPending} onClick={() => change.mutate(role, { onError: () => setRole(person.role) })}>
          {change.isPending ? 'Saving…' : 'Change role'}
        </button>
      </Changes>
      {change.error ? (
        <p className="error-note" role="alert">
          <ErrorText error={change.error} />
        </p>
      ) : null}
    </div>
  );
}

function Actions({ person, onLink }: { person: Person; onLink: (added: NewLink) => void }) {
  const api = useApi();
  const [emailed, setEmailed] = useState<boolean | null>(null);
  if (person.last_sign_in_at === null) {
    // Never signed in: a new welcome link is the person added again, with the same role.
    return (
      <div className="actions">
        <ConfirmAction
          label="New link"
          title={`A new welcome link for ${person.email}`}
          description="Their old link stops working; the new one works for 72 hours, once."
          confirmLabel="Make a new link"
          run={async () => {
            await api.DELETE('/account/people/{id}', { params: { path: { id: person.id } } });
            return api.POST('/account/people', { body: { email: person.email, role: person.role } });
          }}
          invalidate={PEOPLE}
          onDone={(added) => {
            const { invite_url, emailed } = added as { invite_url: string; emailed: boolean };
            onLink({ email: person.email, url: invite_url, emailed });
          }}
        />
        <RemoveButton person={person} />
      </div>
    );
  }
  return (
    <div className="actions">
      <ConfirmAction
        label={emailed ? 'Reset link sent' : 'E-mail a reset link'}
        title={`E-mail ${person.email} a link to reset their password`}
        description="They get a link that works for one hour, once."
        confirmLabel="Send the link"
        run={() => api.POST('/account/people/{id}/email-link', { params: { path: { id: person.id } } })}
        onDone={(answer) => setEmailed((answer as { emailed: boolean }).emailed)}
      />
      <RemoveButton person={person} />
      {emailed === false ? (
        <p className="error-note" role="alert" data-testid="reset-not-emailed">
          Nothing was sent: this server does not send e-mail (or could not this time). On the server, run <code>npx rapport people reset --email {person.email}</code>{' '}
          and give them the link it prints.
        </p>
      ) : null}
    </div>
  );
}

function RemoveButton({ person }: { person: Person }) {
  const api = useApi();
  return (
    <ConfirmAction
      label="Remove"
      title={`Remove ${person.email}?`}
      description="They are signed out at once and can no longer sign in. What they did stays in the audit log under their e-mail."
      confirmLabel="Remove the person"
      busyLabel="Removing…"
      run={() => api.DELETE('/account/people/{id}', { params: { path: { id: person.id } } })}
      invalidate={PEOPLE}
    />
  );
}

export default function PeoplePage() {
  const people = useGet('/account/people');
  const [link, setLink] = useState<NewLink | null>(null);
  return (
    <Page title="People">
      <p>
        The people who sign in to this console with their e-mail, each with a role: viewers read, editors also change data, segments, mailings, blacklists and
        benefits, owners also manage people, webhooks, retention, settings and the audit log.
      </p>
      <Section title="Add a person">
        {link ? <LinkToCopy {...link} testId="person-added" /> : null}
        <AddPerson onAdded={setLink} />
      </Section>
      <Section title="Everyone">
        <QueryView query={people} isEmpty={(list) => list.length === 0} empty="Nobody yet: add a person above.">
          {(list) => (
            <DataTable<Person>
              caption="People of the account"
              testId="people"
              rows={list}
              rowKey={(p) => p.id}
              columns={[
                { header: 'E-mail', cell: (p) => p.email },
                { header: 'Role', cell: (p) => <RoleCell key={`${p.id}-${p.role}`} person={p} /> },
                { header: 'Last sign-in', cell: (p) => (p.last_sign_in_at ? showDateTime(p.last_sign_in_at) : 'Not yet') },
                { header: 'Added', cell: (p) => showDateTime(p.createtime) },
                { header: 'Actions', cell: (p) => <Actions person={p} onLink={setLink} /> },
              ]}
            />
          )}
        </QueryView>
      </Section>
    </Page>
  );
}
