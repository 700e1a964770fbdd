import { numberAsTyped } from '../../lib/format.js';
import { encodeBranchName } from '@rapport/sdk';
import { useState } from 'react';
import { namesField } from '../../api/errors.js';
import { type GetResult, useApiMutation } from '../../api/queries.js';
import { CheckboxField, Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { check, numberOrText, problems } from '../../lib/validate.js';
import { changedOnly } from './shared.js';

// One form for a new branch (POST /branches) and for changing one (PUT /branches/{base64 name},
// only what changed; the zone and the country are replaced whole, as the API does).

export type Branch = GetResult<'/branches/{id}'>;

const TEXT = ['name', 'display_name', 'email', 'telephone', 'address', 'city', 'state', 'working_hours', 'holder', 'notes', 'description', 'group', 'shopping_center', 'location_type'] as const;
const NUMBERS = ['m2', 'm2_cost', 'employees_quantity'] as const;
const CHOICES = ['status', 'format', 'business_type'] as const;
type Values = Record<(typeof TEXT)[number] | (typeof NUMBERS)[number] | (typeof CHOICES)[number] | 'country_code' | 'zone_code' | 'zone_name', string> & { is_web: boolean };

const MORE = ['holder', 'notes', 'description', 'group', 'shopping_center', 'location_type', 'm2', 'm2_cost', 'employees_quantity', 'business_type', 'state'];

const STATUS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const FORMATS = [
  { value: '', label: 'Not set' },
  { value: 'brand_branch', label: 'Brand branch' },
  { value: 'multibrand_branch', label: 'Multibrand branch' },
  { value: 'brand_island', label: 'Brand island' },
  { value: 'multibrand_island', label: 'Multibrand island' },
  { value: 'outlet', label: 'Outlet' },
];
const BUSINESS = [
  { value: '', label: 'Not set' },
  { value: 'own', label: 'Own' },
  { value: 'franchisee', label: 'Franchisee' },
];

function valuesOf(branch: Branch | undefined): Values {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const values = Object.fromEntries([...TEXT, ...CHOICES].map((key) => [key, text(branch?.[key])])) as unknown as Values;
  // Numbers as the locale writes them ("1.250,5" in es), read back to the same value.
  for (const key of NUMBERS) values[key] = numberAsTyped(branch?.[key]);
  values.status ||= 'active';
  values.country_code = text(branch?.country?.code);
  values.zone_code = text(branch?.branch_zone?.code);
  values.zone_name = text(branch?.branch_zone?.name);
  values.is_web = branch?.is_web ?? false;
  return values;
}

export function BranchForm({ branch, onSaved }: { branch?: Branch; onSaved: (branch: Branch) => void }) {
  const initial = valuesOf(branch);
  const [values, setValues] = useState<Values>(initial);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = useApiMutation(
    (api, body: Record<string, unknown>) =>
      // The form checked the numbers first (validate); the API checks the rest and names the field.
      branch
        ? api.PUT('/branches/{id}', { params: { path: { id: encodeBranchName(branch.name) } }, body: body as never })
        : api.POST('/branches', { body: body as never }),
    { invalidate: [['api', '/branches'], ['api', '/branches/{id}']], onSuccess: (saved) => onSaved(saved as Branch) },
  );

  const submit = () => {
    const changed = branch ? changedOnly(initial, values) : values;
    const given = (key: keyof Values) => key in changed && (branch !== undefined || values[key] !== '');
    const body: Record<string, unknown> = {};
    for (const key of TEXT) if (given(key)) body[key] = values[key];
    for (const key of NUMBERS) if (given(key) && values[key].trim() !== '') body[key] = numberOrText(values[key], key === 'employees_quantity');
    for (const key of CHOICES) if (given(key) && values[key] !== '') body[key] = values[key];
    if (given('country_code')) body.country = { code: values.country_code };
    if (given('zone_code') || given('zone_name')) body.branch_zone = { code: values.zone_code, ...(values.zone_name ? { name: values.zone_name } : {}) };
    if ('is_web' in changed && (branch || values.is_web)) body.is_web = values.is_web;
    save.mutate(body);
  };

  return (
    <Form
      error={save.error}
      label={branch ? 'Edit branch' : 'New branch'}
      validate={() =>
        problems({
          name: check.filled(values.name, 'Type the branch’s name.'),
          email: check.email(values.email, { optional: true }),
          m2: check.number(values.m2, { min: 0, optional: true }),
          m2_cost: check.number(values.m2_cost, { min: 0, optional: true }),
          employees_quantity: check.wholeNumber(values.employees_quantity, { min: 0, optional: true, example: '8' }),
        })
      }
      onSubmit={submit}
    >
      <TextField label="Name" name="name" value={values.name} onValue={set('name')} hint={branch ? 'Changing it renames the branch.' : 'Unique; purchases name their branch by it.'} />
      <TextField label="Display name" name="display_name" value={values.display_name} onValue={set('display_name')} />
      <SelectField label="Status" name="status" value={values.status} onValue={set('status')} options={STATUS} />
      <SelectField label="Format" name="format" value={values.format} onValue={set('format')} options={FORMATS} />
      <TextField label="E-mail" name="email" type="email" value={values.email} onValue={set('email')} />
      <TextField label="Telephone" name="telephone" type="tel" value={values.telephone} onValue={set('telephone')} />
      <TextField label="Address" name="address" value={values.address} onValue={set('address')} />
      <TextField label="City" name="city" value={values.city} onValue={set('city')} />
      <TextField label="Country code" name="country.code" value={values.country_code} onValue={set('country_code')} hint="e.g. AR" />
      <div className="grid">
        <TextField label="Zone code" name="branch_zone.code" value={values.zone_code} onValue={set('zone_code')} />
        <TextField label="Zone name" name="branch_zone.name" value={values.zone_name} onValue={set('zone_name')} />
      </div>
      <TextField label="Working hours" name="working_hours" value={values.working_hours} onValue={set('working_hours')} hint="e.g. Mon–Fri 9–18" />
      <CheckboxField label="Web shop (not a physical branch)" name="is_web" checked={values.is_web} onChecked={(is_web) => setValues((v) => ({ ...v, is_web }))} />
      {/* opened when the API's message is about a field inside, so that it can be seen and focused */}
      <details open={MORE.some((name) => namesField(save.error, name)) || undefined}>
        <summary>More fields</summary>
        <div className="form">
          <TextField label="State or province" name="state" value={values.state} onValue={set('state')} />
          <SelectField label="Business type" name="business_type" value={values.business_type} onValue={set('business_type')} options={BUSINESS} />
          <TextField label="Holder" name="holder" value={values.holder} onValue={set('holder')} />
          <TextField label="Group" name="group" value={values.group} onValue={set('group')} />
          <TextField label="Shopping center" name="shopping_center" value={values.shopping_center} onValue={set('shopping_center')} />
          <TextField label="Location type" name="location_type" value={values.location_type} onValue={set('location_type')} />
          <TextField label="Floor area (m²)" name="m2" inputMode="decimal" value={values.m2} onValue={set('m2')} />
          <TextField label="Cost per m²" name="m2_cost" inputMode="decimal" value={values.m2_cost} onValue={set('m2_cost')} />
          <TextField label="Employees" name="employees_quantity" inputMode="numeric" value={values.employees_quantity} onValue={set('employees_quantity')} />
          <TextAreaField label="Description" name="description" value={values.description} onValue={set('description')} />
          <TextAreaField label="Notes" name="notes" value={values.notes} onValue={set('notes')} />
        </div>
      </details>
      <div className="actions">
        <SubmitButton busy={save.isPending}>{branch ? 'Save changes' : 'Create branch'}</SubmitButton>
      </div>
    </Form>
  );
}
