import { useState } from 'react';
import { useApiMutation } from '../../api/queries.js';
import { useApi, useCanChange } from '../../api/session.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { check, problems } from '../../lib/validate.js';
import { Page, Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { Link, href, navigate } from '../../router.js';
import { ConfirmDelete, SubNav, changedOnly, useFilters } from '../catalogue/shared.js';
import { type Definition, type DefinitionBody, KINDS, type Kind, createDefinition, deleteDefinition, kindOf, updateDefinition, useDefinitions } from './kinds.js';
import { Changes } from '../../components/access.js';

// Custom attribute definitions of the four kinds (C1–C9): the list of one kind (?kind=), a form
// for a new one, and the same form to change one (?edit=name); deleting one removes its values.

const FIELD_TYPES = [
  { value: 'text', label: 'Text box' },
  { value: 'select', label: 'One choice from a list' },
  { value: 'checkbox', label: 'Several choices from a list' },
  { value: 'datetime', label: 'Date and time' },
];
const DATA_TYPES = [
  { value: 'string', label: 'Text' },
  { value: 'integer', label: 'Whole number' },
  { value: 'float', label: 'Decimal number' },
  { value: 'timestamp', label: 'Date and time' },
];
const title = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const fieldTypeLabel = (value: string) => FIELD_TYPES.find((t) => t.value === value)?.label ?? value;
const dataTypeLabel = (value: string) => DATA_TYPES.find((t) => t.value === value)?.label ?? value;

type Values = {
  label: string;
  name: string;
  field_type: string;
  data_type: string;
  group: string;
  options: { value: string; text: string }[];
};

const valuesOf = (definition?: Definition): Values => ({
  label: definition?.label ?? '',
  name: definition?.name ?? '',
  field_type: definition?.field_type ?? 'text',
  data_type: definition?.data_type ?? 'string',
  group: definition?.group ?? '',
  options: definition?.options.map((o) => ({ ...o })) ?? [],
});

function OptionsEditor({ options, onChange }: { options: Values['options']; onChange: (options: Values['options']) => void }) {
  const set = (index: number, key: 'value' | 'text', value: string) => onChange(options.map((o, i) => (i === index ? { ...o, [key]: value } : o)));
  return (
    <fieldset className="form">
      <legend>Options</legend>
      {options.length === 0 ? <p className="hint">No options yet. A list choice needs at least one.</p> : null}
      {options.map((option, index) => (
        <div className="grid" key={index}>
          <TextField label={`Option ${index + 1} value`} name={`options[${index}].value`} value={option.value} onValue={(v) => set(index, 'value', v)} hint="Stored, e.g. gold." />
          <TextField label={`Option ${index + 1} text`} name={`options[${index}].text`} value={option.text} onValue={(v) => set(index, 'text', v)} hint="Shown, e.g. Gold." />
          <div className="actions">
            <button type="button" onClick={() => onChange(options.filter((_, i) => i !== index))}>
              Remove option {index + 1}
            </button>
          </div>
        </div>
      ))}
      <div className="actions">
        <button type="button" onClick={() => onChange([...options, { value: '', text: '' }])}>
          Add option
        </button>
      </div>
    </fieldset>
  );
}

function DefinitionForm({ kind, definition, onSaved }: { kind: Kind; definition?: Definition; onSaved: (saved: Definition) => void }) {
  const initial = valuesOf(definition);
  const [values, setValues] = useState<Values>(initial);
  const set = (key: keyof Omit<Values, 'options'>) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = useApiMutation((api, body: DefinitionBody) => (definition ? updateDefinition(api, kind, definition.name, body) : createDefinition(api, kind, body)), {
    invalidate: [['api', kind.path]],
    onSuccess: (saved) => {
      if (!definition) setValues(valuesOf());
      onSaved(saved);
    },
  });
  const submit = () => {
    const changed: Partial<Values> = definition ? changedOnly(initial, values) : values;
    const body: Record<string, unknown> = {};
    for (const key of ['label', 'name', 'field_type', 'data_type'] as const) if (key in changed && (definition || values[key] !== '')) body[key] = values[key];
    if ('group' in changed && (definition || values.group !== '')) body.group = values.group === '' ? null : values.group;
    if ('options' in changed && (definition || values.options.length > 0)) body.options = values.options;
    save.mutate(body as DefinitionBody);
  };
  const listed = values.field_type === 'select' || values.field_type === 'checkbox' || values.options.length > 0;
  return (
    <Form
      changes
      error={save.error}
      label={definition ? `Edit ${definition.label}` : `New ${kind.one} attribute`}
      validate={() => problems({ label: check.filled(values.label, 'Type what people see, e.g. Shirt size.') })}
      onSubmit={submit}
    >
      <TextField label="Label" name="label" value={values.label} onValue={set('label')} hint="What people see, e.g. Shirt size." />
      <TextField
        label="Name"
        name="name"
        value={values.name}
        onValue={set('name')}
        autoCapitalize="off"
        spellCheck={false}
        hint={
          definition
            ? 'The name your shop’s systems use for it. Changing it renames the attribute; stored values stay.'
            : 'Optional: the name your shop’s systems use for it (a-z, 0-9, _). Left empty, it is made from the label.'
        }
      />
      <SelectField label="Field type" name="field_type" value={values.field_type} onValue={set('field_type')} options={FIELD_TYPES} />
      <SelectField
        label="Data type"
        name="data_type"
        value={values.data_type}
        onValue={set('data_type')}
        options={DATA_TYPES}
        hint={definition ? 'Changing it converts the stored values that convert exactly and removes the others.' : undefined}
      />
      {listed ? <OptionsEditor options={values.options} onChange={(options) => setValues((v) => ({ ...v, options }))} /> : null}
      <TextField label="Group" name="group" value={values.group} onValue={set('group')} hint="Optional: attributes of one group are shown together." />
      <div className="actions">
        <SubmitButton busy={save.isPending}>{definition ? 'Save changes' : 'Create attribute'}</SubmitButton>
        {definition ? <Link to={href('/custom-attributes', { kind: kind.kind })}>Cancel</Link> : null}
      </div>
    </Form>
  );
}

export default function CustomAttributesPage() {
  const api = useApi();
  const [{ kind: kindName, edit }] = useFilters(['kind', 'edit'] as const);
  const kind = kindOf(kindName);
  const canChange = useCanChange();
  const definitions = useDefinitions(kind);
  const [created, setCreated] = useState<{ kind: string; text: string } | null>(null);
  const editing = edit ? definitions.data?.find((d) => d.name === edit) : undefined;
  const kindLink = (k: Kind) => href('/custom-attributes', { kind: k.kind });
  return (
    <Page title="Custom attributes">
      <SubNav label="Kinds of record" items={KINDS.map((k) => ({ to: kindLink(k), label: k.label }))} current={kindLink(kind)} />
      {editing && canChange ? (
        <Section title={`Edit “${editing.label}”`}>
          <DefinitionForm key={`${kind.kind}-${editing.name}`} kind={kind} definition={editing} onSaved={() => navigate(kindLink(kind), { replace: true })} />
        </Section>
      ) : null}
      <Section title={`${title(kind.one)} attributes`}>
        <p className="hint">Extra fields every {kind.one} can carry, kept with its other details.</p>
        <QueryView query={definitions} loading="Loading attributes…" isEmpty={(data) => data.length === 0} empty={`No ${kind.one} attributes yet. Create one with the form below.`}>
          {(data) => (
            <DataTable
              caption={`${title(kind.one)} attributes`}
              testId="custom-attributes-table"
              rows={data}
              rowKey={(d) => d.name}
              columns={[
                { header: 'Label', cell: (d) => d.label },
                { header: 'Name', cell: (d) => <code>{d.name}</code> },
                { header: 'Field type', cell: (d) => fieldTypeLabel(d.field_type) },
                { header: 'Data type', cell: (d) => dataTypeLabel(d.data_type) },
                { header: 'Options', cell: (d) => (d.options.length ? d.options.map((o) => o.text).join(', ') : '—') },
                { header: 'Group', cell: (d) => d.group ?? '—' },
                {
                  header: 'Actions',
                  cell: (d) => (
                    <div className="actions">
                      <Changes>
                        <Link to={href('/custom-attributes', { kind: kind.kind, edit: d.name })} aria-label={`Edit ${d.label}`}>
                          Edit
                        </Link>
                      </Changes>
                      <ConfirmDelete
                        label={`Delete ${d.label}`}
                        title={`Delete ${kind.one} attribute ${d.name}`}
                        description={<>Deletes “{d.label}” ({d.name}) and the value every {kind.one} holds for it. This cannot be undone.</>}
                        counts={{ attributes: 1 }}
                        run={() => deleteDefinition(api, kind, d.name)}
                        onDone={() => void definitions.refetch()}
                      />
                    </div>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </Section>
      <Changes>
        <Section title={`New ${kind.one} attribute`}>
          {created?.kind === kind.kind ? (
            <p className="notice" role="status">
              {created.text}
            </p>
          ) : null}
          <DefinitionForm key={kind.kind} kind={kind} onSaved={(saved) => setCreated({ kind: kind.kind, text: `Attribute “${saved.label}” created with the name ${saved.name}.` })} />
        </Section>
      </Changes>
    </Page>
  );
}
