import { useState } from 'react';
import { namesField } from '../../api/errors.js';
import { type GetResult, useApiMutation } from '../../api/queries.js';
import { CheckboxField, Form, SelectField, SubmitButton, TextAreaField, TextField } from '../../components/form.js';
import { check, numberOrText, problems, sameText } from '../../lib/validate.js';
import { useApi } from '../../api/session.js';
import { dayPattern, fromZoned, showDateTime, showDay, toZoned, zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { numberAsTyped, zoneName } from '../../lib/format.js';
import { changedOnly } from '../catalogue/shared.js';

// One form for a new benefit (POST /benefits) and for changing one (PUT /benefits/{id}, only what
// changed). Validity dates are whole days of the account's time zone (T5): the start from 00:00:00
// and the end until 23:59:59 there, sent as the API's UTC datetimes, so the day picked is the day
// saved and shown. Days are typed the same way on both (DateInput, in the locale's order). A
// benefit whose times are not whole days of the zone (made by the API, or before the zone was set)
// keeps its time: beside the day, a time field shows it (24-hour, in the zone); emptied, that date
// becomes a whole day again.

export type Benefit = GetResult<'/benefits/{id}'>;

type Values = {
  title: string;
  description: string;
  startdate: string;
  /** A time of day ('14:30', '14:30:15') in the zone, shown only for a benefit saved with one; '' for the whole day. */
  starttime: string;
  enddate: string;
  endtime: string;
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

/** A time of day as typed, 24-hour ('9:30', '14:30', '14:30:15'), as 'hh:mm:ss'; null when it is not one. */
function readTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) return null;
  return `${m[1]!.padStart(2, '0')}:${m[2]}:${m[3] ?? '00'}`;
}

/**
 * The API datetime (UTC) of a day ('YYYY-MM-DD') and a time typed in the account's zone: with no
 * time, the day's first second (`edge` start) or its last (end). Null when the day or the time is
 * not one, so that nothing is compared with it.
 */
function momentOf(day: string, time: string, edge: 'start' | 'end'): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day.trim())) return null;
  if (time.trim() === '') return (edge === 'start' ? zoneDayStart : zoneDayEnd)(day.trim()) || null;
  const clock = readTime(time);
  return clock ? fromZoned(`${day.trim()} ${clock}`) || null : null;
}

function valuesOf(benefit: Benefit | undefined, timed: { start: boolean; end: boolean }): Values {
  const wall = (value: string | undefined) => (value === undefined ? '' : toZoned(value));
  // Seconds shown only when there are some: '14:30', '14:30:15'.
  const time = (value: string | undefined, shown: boolean) => (shown ? wall(value).slice(11).replace(/:00$/, '') : '');
  return {
    title: benefit?.title ?? '',
    description: benefit?.description ?? '',
    startdate: wall(benefit?.startdate).slice(0, 10),
    starttime: time(benefit?.startdate, timed.start),
    enddate: wall(benefit?.enddate).slice(0, 10),
    endtime: time(benefit?.enddate, timed.end),
    // Numbers as the locale writes them ("1.500" in es), read back to the same value (an unchanged field sends nothing).
    points: numberAsTyped(benefit?.points ?? 0),
    stock: numberAsTyped(benefit?.stock),
    monthly_redeems: numberAsTyped(benefit?.monthly_redeems ?? '0'),
    status: benefit?.status ?? '1',
    featured: benefit?.featured === '1',
    wallpublish: benefit?.wallpublish === '1',
    image_url: benefit?.image_url ?? '',
    sku: benefit?.sku ?? '',
  };
}

/** A validity date: the day as on the new-benefit form, and its time beside it where the benefit has one. */
function DateFields({ label, name, edge, day, time, onDay, onTime }: { label: string; name: 'startdate' | 'enddate'; edge: 'start' | 'end'; day: string; time: string | null; onDay: (value: string) => void; onTime: (value: string) => void }) {
  const whole = edge === 'start' ? 'From the start of that day.' : 'Until the end of that day.';
  return (
    <>
      <TextField label={label} name={name} type="date" value={day} onValue={onDay} hint={time === null ? whole : edge === 'start' ? 'From the start time.' : 'Until the end time.'} />
      {time === null ? null : (
        <TextField
          label={edge === 'start' ? 'Start time' : 'End time'}
          name={`${edge}time`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="hh:mm"
          value={time}
          onValue={onTime}
          hint={`24-hour, in ${zoneName()}. Empty: ${whole.charAt(0).toLowerCase()}${whole.slice(1)}`}
        />
      )}
    </>
  );
}

export function BenefitForm({ benefit, onSaved }: { benefit?: Benefit; onSaved: (benefit: Benefit) => void }) {
  // Which dates have a time field: those saved with a time that is not the whole day's (kept while edited).
  const [timed] = useState(() => ({ start: !isWholeDay(benefit?.startdate, '00:00:00'), end: !isWholeDay(benefit?.enddate, '23:59:59') }));
  const initial = valuesOf(benefit, timed);
  const [values, setValues] = useState<Values>(initial);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const save = useApiMutation(
    (api, body: Record<string, unknown>) =>
      // The form checked the numbers first (validate); the API checks the rest and names the field.
      benefit ? api.PUT('/benefits/{id}', { params: { path: { id: benefit.id } }, body: body as never }) : api.POST('/benefits', { body: body as never }),
    { invalidate: [['api', '/benefits'], ['api', '/benefits/all'], ['api', '/benefits/{id}']], onSuccess: (saved) => onSaved(saved as Benefit) },
  );

  const startMoment = momentOf(values.startdate, values.starttime, 'start');
  const endMoment = momentOf(values.enddate, values.endtime, 'end');

  // Required fields filled (on create), real days and times, numbers typed as whole numbers, the end
  // after the start: compared only when both are real moments (a start of 31/02 is said under the start alone).
  const validate = () => {
    const start = values.startdate.trim();
    const end = values.enddate.trim();
    const notADay = (text: string) => (text !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(text) ? `Type a real day, as ${dayPattern()}.` : null);
    const notATime = (text: string) => (text.trim() !== '' && readTime(text) === null ? 'Type a time as hh:mm, 24-hour (like 14:30), or leave it empty for the whole day.' : null);
    return problems({
      title: benefit ? null : check.filled(values.title, 'Give it a title, e.g. Free coffee.'),
      startdate: notADay(start) ?? (benefit ? null : check.filled(start, 'Choose the first day it can be used.')),
      starttime: notATime(values.starttime),
      enddate: notADay(end) ?? (benefit ? null : check.filled(end, 'Choose the last day it can be used.')) ?? (startMoment && endMoment && endMoment <= startMoment ? 'Choose an end after the start.' : null),
      endtime: notATime(values.endtime),
      points: check.wholeNumber(values.points, { min: 0, max: MAX_INT, example: '100' }),
      stock: check.wholeNumber(values.stock, { min: 0, max: MAX_INT, optional: true, example: '50' }),
      monthly_redeems: check.wholeNumber(values.monthly_redeems, { min: 0, max: MAX_INT, example: '2' }),
    });
  };

  // An end already past is allowed (the API takes it) but likely a slip: the first save only warns.
  const [pastWarned, setPastWarned] = useState<string | null>(null);
  const endsInPast = (changed: Partial<Values>) =>
    ('enddate' in changed || 'endtime' in changed) && endMoment !== null && endMoment < new Date().toISOString().replace('T', ' ').slice(0, 19);

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
    if (endsInPast(changed) && pastWarned !== endMoment) return setPastWarned(endMoment);
    const given = (key: keyof Values) => key in changed && (benefit !== undefined || values[key] !== '');
    const body: Record<string, unknown> = {};
    for (const key of ['title', 'description', 'status', 'image_url', 'sku'] as const) if (given(key)) body[key] = values[key];
    // A date that is no day is sent as typed, for the API to name (validate says so first).
    if (given('startdate') || given('starttime')) body.startdate = startMoment ?? values.startdate;
    if (given('enddate') || given('endtime')) body.enddate = endMoment ?? values.enddate;
    // Whole numbers read as validate read them (grouped thousands too: "1.500" in es is 1500).
    for (const key of ['points', 'monthly_redeems'] as const) if (given(key)) body[key] = numberOrText(values[key], true) ?? values[key];
    if ('stock' in changed && (benefit || values.stock !== '')) body.stock = values.stock.trim() === '' ? null : numberOrText(values.stock, true);
    for (const key of ['featured', 'wallpublish'] as const) if (key in changed && (benefit || values[key])) body[key] = values[key] ? '1' : '0';
    save.mutate(body);
  };

  return (
    <Form error={save.error} label={benefit ? 'Edit benefit' : 'New benefit'} validate={validate} onSubmit={() => void submit()}>
      <TextField label="Title" name="title" value={values.title} onValue={set('title')} />
      <TextAreaField label="Description" name="description" value={values.description} onValue={set('description')} />
      <div className="grid">
        <DateFields label="Starts" name="startdate" edge="start" day={values.startdate} time={timed.start ? values.starttime : null} onDay={set('startdate')} onTime={set('starttime')} />
        <DateFields label="Ends" name="enddate" edge="end" day={values.enddate} time={timed.end ? values.endtime : null} onDay={set('enddate')} onTime={set('endtime')} />
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
      {pastWarned !== null && pastWarned === endMoment ? (
        <p className="warning-note" role="alert" data-testid="benefit-past-end">
          The end date ({values.endtime.trim() === '' ? showDay(values.enddate) : showDateTime(endMoment)}) is already past: customers cannot use this benefit. Choose a later end date, or{' '}
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
          {twinWarned || (pastWarned !== null && pastWarned === endMoment) ? (benefit ? 'Save anyway' : 'Create anyway') : benefit ? 'Save changes' : 'Create benefit'}
        </SubmitButton>
      </div>
    </Form>
  );
}
