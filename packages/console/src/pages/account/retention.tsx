import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import { check, problems, readNumber } from '../../lib/validate.js';
import { Link } from '../../router.js';
import { formatCount, numberAsTyped } from '../../lib/format.js';

// Retention of user events (D5: by default and per event name, days to keep or forever; the
// worker deletes older ones in steps): GET|PUT /account/retention. The form sends the whole
// setting (the default and the whole per-event map), so what is saved is what the form shows.

type Retention = GetResult<'/account/retention'>;

/** The API's bounds on days kept (user_events_days and by_event values). */
const MIN_DAYS = 1;
const MAX_DAYS = 3650;

interface Rule {
  /** A stable key for React while rows are added and removed. */
  key: number;
  event: string;
  days: string;
}

const daysText = (days: number | null | undefined) => numberAsTyped(days);
const daysValue = (text: string): number | null => (text.trim() === '' ? null : readNumber(text, true));

/** The field a rule's days are named by, as the API names it in a 400 (`by_event.page-view`). */
const ruleField = (rule: Rule, index: number) => `by_event.${rule.event || `#${index + 1}`}`;
const eventField = (index: number) => `by_event_event_${index + 1}`;

const checkDays = (text: string) => check.wholeNumber(text, { min: MIN_DAYS, max: MAX_DAYS, optional: true, example: '365' });

function RetentionForm({ retention, events }: { retention: Retention; events: readonly string[] }) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState(daysText(retention.user_events_days));
  const [next, setNext] = useState(1);
  const [rules, setRules] = useState<Rule[]>(() => Object.entries(retention.by_event).map(([event, d], i) => ({ key: -1 - i, event, days: daysText(d) })));
  const [saved, setSaved] = useState(false);
  const save = useApiMutation(
    (api, body: { user_events_days: number | null; by_event: Record<string, number | null> }) => api.PUT('/account/retention', { body }),
    {
      onSuccess: (result) => {
        queryClient.setQueryData(['api', '/account/retention', {}], result);
        setSaved(true);
      },
    },
  );
  const change = (index: number, patch: Partial<Rule>) => {
    setSaved(false);
    setRules((list) => list.map((rule, i) => (i === index ? { ...rule, ...patch } : rule)));
  };
  const validate = () => {
    const found: Record<string, string | null> = { user_events_days: checkDays(days) };
    rules.forEach((rule, index) => {
      found[eventField(index)] = rule.event === '' ? 'Choose the event this rule is for.' : rules.findIndex((r) => r.event === rule.event) !== index ? 'This event has a rule already: change that one, or remove this.' : null;
      found[ruleField(rule, index)] = checkDays(rule.days);
    });
    return problems(found);
  };
  const submit = () => {
    setSaved(false);
    save.mutate({ user_events_days: daysValue(days), by_event: Object.fromEntries(rules.map((rule) => [rule.event, daysValue(rule.days)])) });
  };
  // An event of a saved rule that is no longer among the account's events stays choosable.
  const choices = [...new Set([...events, ...rules.map((rule) => rule.event).filter(Boolean)])].sort();
  return (
    <Form label="Retention of user events" error={save.error} validate={validate} onSubmit={submit}>
      {saved && !save.error ? (
        <p className="notice" role="status" data-testid="retention-saved">
          Saved. The worker applies it on its next run.
        </p>
      ) : null}
      <TextField
        label="Keep user events for (days)"
        name="user_events_days"
        inputMode="numeric"
        value={days}
        onValue={(value) => {
          setSaved(false);
          setDays(value);
        }}
        hint={`Every event without a rule below: ${MIN_DAYS} to ${formatCount(MAX_DAYS)} days. Leave empty to keep them forever.`}
      />
      <fieldset className="rules">
        <legend>Rules for some events</legend>
        <p className="hint">An event’s rule wins over the days above. Leave its days empty to keep that event forever.</p>
        {rules.length === 0 ? <p className="hint">No rules: every event follows the days above.</p> : null}
        {rules.map((rule, index) => (
          <div className="form-inline" key={rule.key} data-testid="retention-rule">
            <SelectField
              label={`Event of rule ${index + 1}`}
              name={eventField(index)}
              value={rule.event}
              onValue={(event) => change(index, { event })}
              options={[{ value: '', label: 'Choose an event…' }, ...choices.map((event) => ({ value: event, label: event }))]}
            />
            <TextField label={`Days to keep${rule.event ? ` ${rule.event}` : ''}`} name={ruleField(rule, index)} inputMode="numeric" value={rule.days} onValue={(value) => change(index, { days: value })} hint="Empty: forever." />
            <div className="actions">
              <button
                type="button"
                onClick={() => {
                  setSaved(false);
                  setRules((list) => list.filter((_, i) => i !== index));
                }}
              >
                Remove rule {index + 1}
              </button>
            </div>
          </div>
        ))}
        <div className="actions">
          <button
            type="button"
            onClick={() => {
              setSaved(false);
              setRules((list) => [...list, { key: next, event: '', days: '' }]);
              setNext((n) => n + 1);
            }}
            disabled={choices.length === 0}
          >
            Add a rule for an event
          </button>
          {choices.length === 0 ? (
            <span className="hint">
              The account has no events yet (<Link to="/events">Events</Link>).
            </span>
          ) : null}
        </div>
      </fieldset>
      <div className="actions">
        <SubmitButton busy={save.isPending} busyLabel="Saving…">
          Save retention
        </SubmitButton>
      </div>
    </Form>
  );
}

function LastRun({ retention }: { retention: Retention }) {
  return (
    <dl className="pairs" data-testid="retention-last-run">
      <div className="pair">
        <dt>Last run</dt>
        <dd>{retention.last_run ? showDateTime(retention.last_run) : 'Not run yet'}</dd>
      </div>
      <div className="pair">
        <dt>Deleted by the last run</dt>
        <dd>{retention.deleted_last_run === null ? '—' : `${formatCount(retention.deleted_last_run)} user ${retention.deleted_last_run === 1 ? 'event' : 'events'}`}</dd>
      </div>
    </dl>
  );
}

export default function RetentionPage() {
  const retention = useGet('/account/retention');
  const events = useGet('/events', { params: { query: { page: 0, limit: 100 } } });
  return (
    <Page title="Retention">
      <p className="hint">
        How long user events are kept. The server’s worker deletes older ones in small steps, by default and per event; purchases, points, coupons
        and profiles are kept until the customer is deleted.
      </p>
      <QueryView query={retention} loading="Loading the retention settings…">
        {(data) => (
          <>
            <Section title="Settings">
              {/* The form starts from the settings as first read and is what is saved from then on. */}
              {events.isPending ? null : <RetentionForm retention={data} events={(events.data ?? []).map((e) => e.name)} />}
            </Section>
            <Section title="Last run">
              <LastRun retention={data} />
            </Section>
          </>
        )}
      </QueryView>
    </Page>
  );
}
