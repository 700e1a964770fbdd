import type { Payload } from '@rapport/sdk';
import { useState } from 'react';
import { CUSTOMER_CHANGED } from '../../api/customers.js';
import { useApiMutation } from '../../api/queries.js';
import { Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { Loading } from '../../components/states.js';
import { birthDateProblem, showDateTime } from '../../lib/dates.js';
import { problems } from '../../lib/validate.js';
import { type Definition, KINDS, useDefinitions } from '../custom-attributes/kinds.js';
import { AttributeFields, apiValues, attributeRows, rawValues } from '../custom-attributes/values.js';
import { Changes } from '../../components/access.js';

export type User = Payload<'get', '/users/{id}'>;

const FIELDS = [
  ['first_name', 'First name', 'text', 'given-name'],
  ['last_name', 'Last name', 'text', 'family-name'],
  ['email', 'E-mail', 'email', 'off'],
  ['telephone', 'Telephone', 'tel', 'off'],
  ['document', 'Document', 'text', 'off'],
  ['document_type', 'Document type', 'text', 'off'],
  ['birthdate', 'Birth date', 'date', 'off'],
  ['street', 'Street', 'text', 'off'],
  ['postcode', 'Postcode', 'text', 'off'],
  ['city', 'City', 'text', 'off'],
  ['state', 'State', 'text', 'off'],
  ['country', 'Country', 'text', 'off'],
] as const;

type Editable = (typeof FIELDS)[number][0] | 'gender' | 'notes';

const GENDERS = [
  { value: '', label: 'Not given' },
  { value: 'F', label: 'F' },
  { value: 'M', label: 'M' },
];

function valuesOf(user: User): Record<Editable, string> {
  const values = {} as Record<Editable, string>;
  for (const [name] of FIELDS) values[name] = user[name] ?? '';
  values.gender = user.gender ?? '';
  values.notes = user.notes ?? '';
  return values;
}

type Stored = Record<string, unknown>;

function ProfileForm({ user, id, definitions, onDone }: { user: User; id: string; definitions: readonly Definition[]; onDone: () => void }) {
  const initial = valuesOf(user);
  const [values, setValues] = useState(initial);
  const [attributes, setAttributes] = useState(() => rawValues(definitions, user.custom_attributes as Stored));
  const set = (name: Editable) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const save = useApiMutation(
    (api, changed: Record<string, unknown>) => api.PUT('/users/{id}', { params: { path: { id } }, body: changed }),
    { invalidate: CUSTOMER_CHANGED, onSuccess: onDone },
  );
  // Only what changed is sent: the API validates it and names the field it refuses.
  const changed = () => {
    const body: Record<string, unknown> = Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== initial[name as Editable]));
    const custom = apiValues(definitions, attributes, user.custom_attributes as Stored);
    if (Object.keys(custom).length > 0) body.custom_attributes = custom;
    return body;
  };

  return (
    // A birth date is checked here (a day that exists, not in the future, a four-digit year), so the API's wording for dates is never what people read.
    <Form label="Edit profile" error={save.error} validate={() => problems({ birthdate: values.birthdate !== initial.birthdate ? birthDateProblem(values.birthdate) : null })} onSubmit={() => save.mutate(changed())}>
      <div className="grid">
        {FIELDS.map(([name, label, type, autoComplete]) => (
          <TextField key={name} label={label} name={name} type={type} autoComplete={autoComplete} value={values[name]} onValue={set(name)} fullYear={name === 'birthdate'} />
        ))}
        <SelectField label="Gender" name="gender" options={GENDERS} value={values.gender} onValue={set('gender')} />
      </div>
      <TextAreaField label="Notes" name="notes" value={values.notes} onValue={set('notes')} />
      <AttributeFields definitions={definitions} values={attributes} onChange={setAttributes} />
      <div className="actions">
        <SubmitButton busy={save.isPending}>Save profile</SubmitButton>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

function CustomAttributes({ definitions, stored }: { definitions: readonly Definition[]; stored: Stored }) {
  const rows = attributeRows(definitions, stored);
  if (rows.length === 0) return <p className="hint">No custom attributes.</p>;
  return (
    <dl className="pairs" data-testid="customer-custom-attributes">
      {rows.map(([label, value]) => (
        <div key={label} className="pair">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function Profile({ user, id }: { user: User; id: string }) {
  const [editing, setEditing] = useState(false);
  const definitions = useDefinitions(KINDS[0]);
  const rows: [string, string][] = [
    ['Customer number', String(user.userapp_id)],
    ['Customer ID in your shop', user.service_uid ?? '—'],
    ...FIELDS.map(([name, label, type]) => [label, type === 'date' ? showDateTime(user[name]) : (user[name] ?? '—')] as [string, string]),
    ['Gender', user.gender ?? '—'],
    ['E-mailing', user.mailing_enabled ? 'enabled' : `disabled${user.mailing_enabled_reason ? ` (${user.mailing_enabled_reason})` : ''}`],
    ['SMS', user.sms_enabled ? 'enabled' : `disabled${user.sms_enabled_reason ? ` (${user.sms_enabled_reason})` : ''}`],
    ['Club member since', showDateTime(user.club_inscription_date)],
    ['Created', showDateTime(user.createtime)],
    ['Updated', showDateTime(user.updatetime)],
    ['Notes', user.notes ?? '—'],
  ];
  return (
    <Section
      title="Profile"
      id="profile"
      actions={
        editing ? null : (
          <Changes>
            <button type="button" onClick={() => setEditing(true)}>
              Edit profile
            </button>
          </Changes>
        )
      }
    >
      {editing && definitions.isPending ? <Loading label="Loading the custom attributes…" /> : null}
      {editing && !definitions.isPending ? (
        <ProfileForm user={user} id={id} definitions={definitions.data ?? []} onDone={() => setEditing(false)} />
      ) : null}
      {editing ? null : (
        <div className="grid">
          <dl className="pairs" data-testid="customer-profile">
            {rows.map(([label, value]) => (
              <div key={label} className="pair">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div>
            <h3>Custom attributes</h3>
            <CustomAttributes definitions={definitions.data ?? []} stored={user.custom_attributes as Stored} />
          </div>
        </div>
      )}
    </Section>
  );
}
