import { useState } from 'react';
import { namesField } from '../../api/errors.js';
import { type GetResult, useApiMutation } from '../../api/queries.js';
import { CheckboxField, DateInput, Field, Form, withDayShown, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { check, problems, sameText } from '../../lib/validate.js';
import { useApi } from '../../api/session.js';
import { dayPattern, showDateTime, showDay, toZoned, zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { zoneName } from '../../lib/format.js';
import { changedOnly, fromLocalInput, numberOrText, toLocalInput } from '../catalogue/shared.js';

// One form for a new benefit (POST /benefits) and for changing one (PUT /benefits/{id}, only what
// changed). Validity dates are whole days of the account's time zone (T5): the start from 00:00:00
// and the end until 23:59:59 there, sent as the API's UTC datetimes, so the day picked is the day
// saved and shown. A benefit whose times are not whole days of the zone (made by the API, or before
// the zone was set) is edited to the second, in the zone.

export type Benefit = GetResult<'/benefits/{id}'>;

type Values = {
  title: string;
  description: string;
  startdate: string;
  enddate: string;
  points: string;
  stock: string;
  monthly_redeems: string;
  status: string;
  featured: boolean;
  wallpublish: boolean;
  image_url: string;
  sku: string;
};

const STATUS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];
const MORE = ['image_url', 'sku', 'wallpublish'];
/** The API's bound for these counts (a 32-bit column). */
const MAX_INT = 2_147_483_647;

/** True when an API datetime is `time` of a day in the account's zone (or there is none yet). */
const isWholeDay = (value: string | undefined, time: string) => value === undefined || toZoned(value).endsWith(` ${time}`);

function valuesOf(benefit: Benefit | undefined, days: { start: boolean; end: boolean }): Values {
  const date = (value: string | undefined, whole: boolean) => (value === undefined ? '' : whole ? toZoned(value).slice(0, 10) : toLocalInput(value));
  return {
    title: benefit?.title ?? '',
    description: benefit?.description ?? '',
    startdate: date(benefit?.startdate, days.start),
    enddate: date(benefit?.enddate, days.end),
    points: String(benefit?.points ?? 0),
    stock: benefit?.stock === null || benefit?.stock === undefined ? '' : String(benefit.stock),
    monthly_redeems: benefit?.monthly_redeems ?? '0',
    status: benefit?.status ?? '1',
    featured: benefit?.featured === '1',
    wallpublish: benefit?.wallpublish === '1',
    image_url: benefit?.image_url ?? '',
    sku: benefit?.sku ?? '',
  };
}

function DateField({ label, name, whole, value, onValue, hint }: { label: string; name: string; whole: boolean; value: string; onValue: (value: string) => void; hint: string }) {
  return (
    <Field label={label} name={name} hint={whole ? withDayShown(hint, value) : hint}>
      {(control) => (whole ? <DateInput {...control} value={value} onValue={onValue} /> : <input {...control} type="datetime-local" step={1} value={value} onChange={(e) => onValue(e.target.value)} />)}
    </Field>
  );
}

export function BenefitForm({ benefit, onSaved }: { benefit?: Benefit; onSaved: (benefit: Benefit) => void }) {
  const [days] = useState(() => ({ start: isWholeDay(benefit?.startdate, '00:00:00'), end: isWholeDay(benefit?.enddate, '23:59:59') }));
  const initial = valuesOf(benefit, days);
  const [values, setValues] = useState<Values>(initial);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = useApiMutation(
    (api, body: Record<string, unknown>) =>
      // The form checked the numbers first (validate); the API checks the rest and names the field.
      benefit ? api.PUT('/benefits/{id}', { params: { path: { id: benefit.id } }, body: body as never }) : api.POST('/benefits', { body: body as never }),
    { invalidate: [['api', '/benefits'], ['api', '/benefits/all'], ['api', '/benefits/{id}']], onSuccess: (saved) => onSaved(saved as Benefit) },
  );

  // Required fields filled (on create), numbers typed as whole numbers, the end after the start.
  const validate = () => {
    const start = values.startdate.trim();
    const end = values.enddate.trim();
    const notADay = (whole: boolean, text: string) => (whole && text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text) ? `Type a real day, as ${dayPattern()}.` : null);
    return problems({
      title: benefit ? null : check.filled(values.title, 'Give it a title, e.g. Free coffee.'),
      startdate: notADay(days.start, start) ?? (benefit ? null : check.filled(start, 'Choose the first day it can be used.')),
      enddate: notADay(days.end, end) ?? (benefit ? null : check.filled(end, 'Choose the last day it can be used.') ?? (start && end && (days.end ? zoneDayEnd(end) : fromLocalInput(end)) <= (days.start ? zoneDayStart(start) : fromLocalInput(start)) ? 'Choose an end after the start.' : null)),
      points: check.wholeNumber(values.points, { min: 0, max: MAX_INT, example: '100' }),
      stock: check.wholeNumber(values.stock, { min: 0, max: MAX_INT, optional: true, example: '50' }),
      monthly_redeems: check.wholeNumber(values.monthly_redeems, { min: 0, max: MAX_INT, example: '2' }),
    });
  };

  // An end already past is allowed (the API takes it) but likely a slip: the first save only warns.
  const [pastWarned, setPastWarned] = useState<string | null>(null);
  const endsInPast = (changed: Partial<Values>) => {
    const end = values.enddate.trim();
    if (!('enddate' in changed) || end === '') return false;
    const stored = days.end ? zoneDayEnd(end) : fromLocalInput(end);
    return stored < new Date().toISOString().replace('T', ' ').slice(0, 19);
  };

  // A second benefit of the same title is allowed (the API keys on the id) but likely a slip: the
  // first save only warns, naming the one there is (looked for among the first 1,000 benefits).
  const api = useApi();
  const [twin, setTwin] = useState<{ title: string; id: number; typed: string } | null>(null);
  const twinWarned = twin !== null && twin.typed === values.title.trim();
  const findTwin = async (title: string) => {
    let seen = 0;
    try {
      for await (const other of api.paginate('/benefits/all', {})) {
        if (other.id !== benefit?.id && sameText(other.title, title)) return { title: other.title, id: other.id, typed: title };
        if ((seen += 1) >= 1000) break;
      }
    } catch {
      // Not read: nothing to warn of; the save says what goes wrong with it.
    }
    return null;
  };

  const submit = async () => {
    const changed: Partial<Values> = benefit ? changedOnly(initial, values) : values;
    if ('title' in changed && values.title.trim() !== '' && !twinWarned) {
      const found = await findTwin(values.title.trim());
      setTwin(found);
      if (found) return;
    }
    if (endsInPast(changed) && pastWarned !== values.enddate) return setPastWarned(values.enddate);
    const given = (key: keyof Values) => key in changed && (benefit !== undefined || values[key] !== '');
    const body: Record<string, unknown> = {};
    for (const key of ['title', 'description', 'status', 'image_url', 'sku'] as const) if (given(key)) body[key] = values[key];
    if (given('startdate')) body.startdate = days.start ? zoneDayStart(values.startdate) : fromLocalInput(values.startdate);
    if (given('enddate')) body.enddate = days.end ? zoneDayEnd(values.enddate) : fromLocalInput(values.enddate);
    for (const key of ['points', 'monthly_redeems'] as const) if (given(key)) body[key] = numberOrText(values[key]) ?? values[key];
    if ('stock' in changed && (benefit || values.stock !== '')) body.stock = values.stock.trim() === '' ? null : numberOrText(values.stock);
    for (const key of ['featured', 'wallpublish'] as const) if (key in changed && (benefit || values[key])) body[key] = values[key] ? '1' : '0';
    save.mutate(body);
  };

  return (
    <Form error={save.error} label={benefit ? 'Edit benefit' : 'New benefit'} validate={validate} onSubmit={() => void submit()}>
      <TextField label="Title" name="title" value={values.title} onValue={set('title')} />
      <TextAreaField label="Description" name="description" value={values.description} onValue={set('description')} />
      <div className="grid">
        <DateField label="Starts" name="startdate" whole={days.start} value={values.startdate} onValue={set('startdate')} hint={days.start ? 'From the start of that day.' : `Time in ${zoneName()}.`} />
        <DateField label="Ends" name="enddate" whole={days.end} value={values.enddate} onValue={set('enddate')} hint={days.end ? 'Until the end of that day.' : `Time in ${zoneName()}.`} />
      </div>
      <div className="grid">
        <TextField label="Points" name="points" inputMode="numeric" value={values.points} onValue={set('points')} hint="What a customer pays for one." />
        <TextField label="Stock" name="stock" inputMode="numeric" value={values.stock} onValue={set('stock')} hint="Units left; empty for unlimited." />
        <TextField label="Per customer per month" name="monthly_redeems" inputMode="numeric" value={values.monthly_redeems} onValue={set('monthly_redeems')} hint="0 for no limit." />
      </div>
      <SelectField label="Status" name="status" value={values.status} onValue={set('status')} options={STATUS} />
      <CheckboxField label="Featured (listed first)" name="featured" checked={values.featured} onChecked={(featured) => setValues((v) => ({ ...v, featured }))} />
      {/* opened when the API's message is about a field inside, so that it can be seen and focused */}
      <details open={MORE.some((name) => namesField(save.error, name)) || undefined}>
        <summary>More fields</summary>
        <div className="form">
          <TextField label="Image URL" name="image_url" type="url" value={values.image_url} onValue={set('image_url')} />
          <TextField label="SKU" name="sku" value={values.sku} onValue={set('sku')} />
          <CheckboxField label="Published on the wall" name="wallpublish" checked={values.wallpublish} onChecked={(wallpublish) => setValues((v) => ({ ...v, wallpublish }))} />
        </div>
      </details>
      {pastWarned !== null && pastWarned === values.enddate ? (
        <p className="warning-note" role="alert" data-testid="benefit-past-end">
          The end date ({days.end ? showDay(values.enddate) : showDateTime(fromLocalInput(values.enddate))}) is already past: customers cannot use this benefit. Choose a later end date, or{' '}
          {benefit ? 'save' : 'create it'} anyway.
        </p>
      ) : null}
      {twinWarned ? (
        <p className="warning-note" role="alert" data-testid="duplicate-warning">
          A benefit called “{twin.title}” already exists (#{twin.id}). {benefit ? 'Save this one with the same title anyway?' : 'Create another anyway?'}
        </p>
      ) : null}
      <div className="actions">
        <SubmitButton busy={save.isPending}>
          {twinWarned || (pastWarned !== null && pastWarned === values.enddate) ? (benefit ? 'Save anyway' : 'Create anyway') : benefit ? 'Save changes' : 'Create benefit'}
        </SubmitButton>
      </div>
    </Form>
  );
}
