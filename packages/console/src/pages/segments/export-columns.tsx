import type { SegmentMember } from '@rapport/sdk';
import { useId } from 'react';
import { GroupError, useFieldError } from '../../components/form.js';

// The columns a segment's export can give (SG6's `fields`): every U4 field, each custom attribute
// alone, and U14's value scores, chosen by ticking them in people's words. The API's name of each
// column stays beside it as small text: it is what the file's first line says (the file is the
// API's), for whoever imports it.

/** SG6's default, in its order: ticked when the page opens and by "Default columns". */
export const DEFAULT_COLUMNS = ['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points'] as const;

/**
 * Every U4 field in the console's words (its glossary: docs/console.md), the usual seven first in
 * their default order. Typed by the SDK's user object, so a field the API adds fails to compile here
 * until it is named.
 */
const PROFILE_COLUMNS: Readonly<Record<keyof SegmentMember, string>> = {
  userapp_id: 'Customer number',
  service_uid: 'Customer ID in your shop',
  email: 'E-mail',
  telephone: 'Telephone',
  first_name: 'First name',
  last_name: 'Last name',
  points: 'Points',
  user_id: 'Customer number, again (older programs read it under this name)',
  document: 'Document',
  document_type: 'Document type',
  birthdate: 'Birthdate',
  gender: 'Gender',
  street: 'Street',
  postcode: 'Postcode',
  city: 'City',
  department: 'Department',
  state: 'State',
  country: 'Country',
  marital_status: 'Marital status',
  tags: 'Tags (separated by commas)',
  notes: 'Notes',
  club_inscription_date: 'Club inscription date',
  mailing_enabled: 'Accepts e-mail',
  mailing_enabled_reason: 'Why e-mail is not accepted',
  sms_enabled: 'Accepts SMS',
  sms_enabled_reason: 'Why SMS is not accepted',
  createtime: 'Created',
  updatetime: 'Updated',
  custom_attributes: 'All custom attributes, in one column (as JSON)',
};

const SCORE_COLUMNS: Readonly<Record<string, string>> = {
  'rfm.value_group': 'Value group',
  'rfm.recency': 'Recency score (1–5)',
  'rfm.frequency': 'Frequency score (1–5)',
  'rfm.monetary': 'Monetary score (1–5)',
};

export interface ExportColumn {
  /** The API's name: what `fields` takes and the file's header says. */
  name: string;
  label: string;
}

/** Every column the export can give, in the order of the list (and of the file's columns). */
export function exportColumns(attributes: readonly { name: string; label: string }[]): { title: string; columns: ExportColumn[] }[] {
  const groups = [
    { title: 'Profile', columns: Object.entries(PROFILE_COLUMNS).map(([name, label]) => ({ name, label })) },
    { title: 'Custom attributes, one column each', columns: attributes.map((a) => ({ name: `custom_attributes.${a.name}`, label: a.label })) },
    { title: 'Value scores', columns: Object.entries(SCORE_COLUMNS).map(([name, label]) => ({ name, label })) },
  ];
  return groups.filter((group) => group.columns.length > 0);
}

/** The ticked columns in the list's order: what `fields` is sent as. */
export function chosenFields(groups: readonly { columns: readonly ExportColumn[] }[], chosen: ReadonlySet<string>): string[] {
  return groups.flatMap((group) => group.columns.map((column) => column.name)).filter((name) => chosen.has(name));
}

/** The columns as checkboxes (inside a <Form>: a 400 naming `fields` shows under them). */
export function ExportColumns({ groups, chosen, onChange }: { groups: readonly { title: string; columns: readonly ExportColumn[] }[]; chosen: ReadonlySet<string>; onChange: (chosen: Set<string>) => void }) {
  const error = useFieldError('fields');
  const errorId = useId();
  const every = groups.flatMap((group) => group.columns.map((column) => column.name));
  const toggle = (name: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    onChange(next);
  };
  return (
    <fieldset className={`event-picker export-columns${error ? ' field-invalid' : ''}`} aria-describedby={error ? errorId : undefined} data-testid="export-columns">
      <legend>Columns</legend>
      <div className="export-column-actions">
        <button type="button" className="link" onClick={() => onChange(new Set(every))}>
          Select all
        </button>
        <button type="button" className="link" onClick={() => onChange(new Set(DEFAULT_COLUMNS))}>
          Default columns
        </button>
        <span className="muted" role="status">
          {chosen.size} of {every.length} ticked
        </span>
      </div>
      {groups.map((group) => (
        <div key={group.title} role="group" aria-label={group.title}>
          <p className="export-column-group">{group.title}</p>
          <div className="event-types">
            {group.columns.map((column) => (
              <label className="check" key={column.name}>
                <input type="checkbox" name="fields" value={column.name} checked={chosen.has(column.name)} onChange={(e) => toggle(column.name, e.target.checked)} aria-invalid={error ? true : undefined} />
                <span>
                  {column.label} <small className="muted column-name">{column.name}</small>
                </span>
              </label>
            ))}
          </div>
        </div>
      ))}
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}
