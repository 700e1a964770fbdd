import { Field, SelectField } from '../../components/form.js';
import { showDateTime } from '../../lib/dates.js';
import { numberAsTyped, zoneName } from '../../lib/format.js';
import { numberOrText } from '../../lib/validate.js';
import { fromLocalInput, toLocalInput } from '../catalogue/shared.js';
import type { Definition } from './kinds.js';

// Custom attribute values in a form (products here; any kind's record could use it): one control
// per definition, chosen by its field_type, named `custom_attributes.<name>` so that the API's
// message ("custom_attributes.weight: must be a number") shows under it.

/** What a control holds: text, or the chosen values of a multiple choice. */
export type RawValues = Record<string, string | string[]>;

const multiple = (definition: Definition) => definition.field_type === 'checkbox' && definition.options.length > 0;

function toText(definition: Definition, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && (definition.data_type === 'integer' || definition.data_type === 'float')) return numberAsTyped(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return definition.field_type === 'datetime' ? toLocalInput(text) : text;
}

/** The form's values for stored ones (`custom_attributes` of a record). */
export function rawValues(definitions: readonly Definition[], stored: Record<string, unknown> = {}): RawValues {
  const raw: RawValues = {};
  for (const definition of definitions) {
    const value = stored[definition.name];
    if (multiple(definition)) raw[definition.name] = Array.isArray(value) ? value.map((v) => toText(definition, v)) : value === undefined || value === null ? [] : [toText(definition, value)];
    else raw[definition.name] = Array.isArray(value) ? value.map((v) => toText(definition, v)).join(', ') : toText(definition, value);
  }
  return raw;
}

function typed(definition: Definition, text: string): unknown {
  if (definition.field_type === 'datetime') return fromLocalInput(text);
  if (definition.data_type === 'integer' || definition.data_type === 'float') return numberOrText(text, definition.data_type === 'integer') ?? '';
  return text;
}

/**
 * The `custom_attributes` to send: values that changed since `stored` (the record's), typed for
 * the API; a value emptied is `null` (which removes it on PUT), one never set and left empty is not
 * sent. A stored list shown as text ("a, b") goes back as a list.
 */
export function apiValues(definitions: readonly Definition[], raw: RawValues, stored: Record<string, unknown> = {}): Record<string, unknown> {
  const initial = rawValues(definitions, stored);
  const out: Record<string, unknown> = {};
  for (const definition of definitions) {
    const now = raw[definition.name] ?? '';
    const before = initial[definition.name] ?? '';
    if (JSON.stringify(now) === JSON.stringify(before)) continue;
    const empty = Array.isArray(now) ? now.length === 0 : now.trim() === '';
    if (empty) {
      if (stored[definition.name] !== undefined && stored[definition.name] !== null) out[definition.name] = null;
      continue;
    }
    if (Array.isArray(now)) out[definition.name] = now.map((text) => typed(definition, text));
    else if (Array.isArray(stored[definition.name])) out[definition.name] = now.split(',').map((text) => typed(definition, text.trim()));
    else out[definition.name] = typed(definition, now);
  }
  return out;
}

const typeHint: Record<string, string | undefined> = {
  integer: 'A whole number.',
  float: 'A number, e.g. 12.5.',
  timestamp: 'Date and time, YYYY-MM-DD hh:mm:ss, Greenwich time (GMT).',
};

function AttributeControl({ definition, value, onValue, prefix }: { definition: Definition; value: string | string[]; onValue: (value: string | string[]) => void; prefix: string }) {
  const name = `${prefix}.${definition.name}`;
  const label = definition.label;
  if (definition.field_type === 'select') {
    const options = [{ value: '', label: '— none —' }, ...definition.options.map((option) => ({ value: option.value, label: option.text }))];
    return <SelectField label={label} name={name} options={options} value={typeof value === 'string' ? value : ''} onValue={onValue} />;
  }
  if (multiple(definition)) {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <Field label={label} name={name} hint="Choose any number (Ctrl or ⌘ with a click for several).">
        {(control) => (
          <select {...control} multiple size={Math.min(6, definition.options.length)} value={chosen} onChange={(e) => onValue(Array.from(e.target.selectedOptions, (o) => o.value))}>
            {definition.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.text}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }
  const text = typeof value === 'string' ? value : value.join(', ');
  if (definition.field_type === 'datetime') {
    return (
      <Field label={label} name={name} hint={`Time in ${zoneName()}.`}>
        {(control) => <input {...control} type="datetime-local" step={1} value={text} onChange={(e) => onValue(e.target.value)} />}
      </Field>
    );
  }
  const numeric = definition.data_type === 'integer' || definition.data_type === 'float';
  return (
    <Field label={label} name={name} hint={typeHint[definition.data_type]}>
      {(control) => <input {...control} type="text" inputMode={numeric ? 'decimal' : undefined} value={text} onChange={(e) => onValue(e.target.value)} />}
    </Field>
  );
}

/** The controls for every definition, grouped by `group` (each group a fieldset). */
export function AttributeFields({ definitions, values, onChange, prefix = 'custom_attributes' }: { definitions: readonly Definition[]; values: RawValues; onChange: (values: RawValues) => void; prefix?: string }) {
  if (definitions.length === 0) return null;
  const groups = new Map<string, Definition[]>();
  for (const definition of definitions) {
    const group = definition.group ?? 'Custom attributes';
    groups.set(group, [...(groups.get(group) ?? []), definition]);
  }
  return (
    <>
      {[...groups].map(([group, list]) => (
        <fieldset key={group} className="form">
          <legend>{group}</legend>
          {list.map((definition) => (
            <AttributeControl
              key={definition.name}
              definition={definition}
              prefix={prefix}
              value={values[definition.name] ?? ''}
              onValue={(value) => onChange({ ...values, [definition.name]: value })}
            />
          ))}
        </fieldset>
      ))}
    </>
  );
}

/** Stored values for people: each as [label, text], a select's option text for its value, in definition order then unknown keys. */
export function attributeRows(definitions: readonly Definition[], stored: Record<string, unknown>): [string, string][] {
  const byName = new Map(definitions.map((definition) => [definition.name, definition]));
  const show = (definition: Definition | undefined, value: unknown) => {
    const option = definition?.options.find((o) => o.value === String(value));
    if (option) return option.text;
    // A date and time (a timestamp attribute) in the console's one format.
    if (typeof value === 'string' && (definition?.data_type === 'timestamp' || definition?.field_type === 'datetime')) return showDateTime(value);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  const names = [...definitions.map((d) => d.name).filter((name) => name in stored), ...Object.keys(stored).filter((name) => !byName.has(name))];
  return names.map((name) => {
    const definition = byName.get(name);
    const value = stored[name];
    return [definition?.label ?? name, Array.isArray(value) ? value.map((v) => show(definition, v)).join(', ') : show(definition, value)];
  });
}
