import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CUSTOMER_HINT, customerName, useCustomerRef, usePeople } from '../../api/customers.js';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { ConfirmDryRun, isDryRun } from '../../components/confirm.js';
import { Form, type Option, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { Empty, Loading } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime, zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { check as rules, problems } from '../../lib/validate.js';
import { CustomerLink, FilterBar, FilteredList, RequestProgress, SubNav, filterError, useFilterBar } from '../catalogue/shared.js';
import { EVENTS_NAV } from './shared.js';
import { formatCount } from '../../lib/format.js';

// The user-events stream (E4) with its filters in the URL, and the bulk delete of one event's user
// events over a date range (E5), checked first with the dry run: the check runs as a form, so a
// 400 shows under the field it names, then the shared dialog shows the count again and deletes.

const FILTERS = ['customer', 'event', 'from', 'to'] as const;
type UserEvent = GetResult<'/user-events'>[number];

/** The first 100 events, for choosing one by name (accounts rarely have more; the stream filter also takes any name in the URL). */
function useEventOptions(first: Option): Option[] {
  const events = useGet('/events', { params: { query: { page: 0, limit: 100 } } });
  return [first, ...(events.data ?? []).map((event) => ({ value: event.name, label: event.name }))];
}

interface BulkValues {
  event_name: string;
  from: string;
  to: string;
  notify_to: string;
}

function BulkDelete() {
  const api = useApi();
  const queryClient = useQueryClient();
  const options = useEventOptions({ value: '', label: 'Choose an event' });
  const [values, setValues] = useState<BulkValues>({ event_name: '', from: '', to: '', notify_to: '' });
  const [accepted, setAccepted] = useState<{ id: string; what: string } | null>(null);
  const set = (key: keyof BulkValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    check.reset();
  };
  // Only what was filled in: an empty field is then "is required" (or simply absent for notify_to).
  // The dates are the account's days (T5): sent as their first and last seconds there.
  const inZone: Partial<Record<keyof BulkValues, (day: string) => string>> = { from: zoneDayStart, to: zoneDayEnd };
  const body = () =>
    Object.fromEntries(
      Object.entries(values)
        .map(([key, value]) => [key, value.trim()] as const)
        .filter(([, value]) => value !== '')
        .map(([key, value]) => [key, inZone[key as keyof BulkValues]?.(value) || value]),
    ) as Partial<BulkValues>;
  const dryRun = () => api.DELETE('/user-events/bulk', { params: { query: { dry_run: true } }, body: body() });
  const check = useApiMutation(async () => {
    const answer = await dryRun();
    if (!isDryRun(answer)) throw new Error('The server did not answer with a count (dry_run).');
    return Number(answer.would_delete.user_events ?? 0);
  });
  const what = `Deleting the user events of ${values.event_name}, ${values.from} to ${values.to}`;
  return (
    <>
      {accepted ? (
        <RequestProgress key={accepted.id} id={accepted.id} what={accepted.what} onFinished={() => void queryClient.invalidateQueries({ queryKey: ['api', '/user-events'] })} />
      ) : null}
      <Form
        error={check.error}
        label="Delete user events"
        validate={() =>
          problems({
            event_name: rules.filled(values.event_name, 'Choose the event whose user events go.'),
            from: rules.filled(values.from, 'Choose the first day.'),
            to: rules.filled(values.to, 'Choose the last day.') ?? (values.from && values.to < values.from ? 'Choose a last day on or after the first.' : null),
            notify_to: rules.email(values.notify_to, { optional: true }),
          })
        }
        onSubmit={() => check.mutate()}
      >
        <p className="hint">Deletes one event’s user events whose time lies between two dates (both days included), in the background.</p>
        <SelectField label="Event" name="event_name" value={values.event_name} onValue={set('event_name')} options={options} />
        <div className="grid">
          <TextField label="From" name="from" type="date" value={values.from} onValue={set('from')} />
          <TextField label="To" name="to" type="date" value={values.to} onValue={set('to')} />
        </div>
        <TextField label="E-mail for the outcome" name="notify_to" type="email" value={values.notify_to} onValue={set('notify_to')} hint="Optional." />
        <div className="actions">
          <SubmitButton busy={check.isPending} busyLabel="Checking…">
            Check what would be deleted
          </SubmitButton>
        </div>
        {check.data !== undefined ? (
          <div className="actions" role="status">
            <span data-testid="user-events-would-delete">
              {formatCount(check.data)} user {check.data === 1 ? 'event' : 'events'} would be deleted.
            </span>
            {check.data > 0 ? (
              <ConfirmDryRun
                label="Delete these user events"
                title="Delete user events"
                description={<>Deletes the user events of “{values.event_name}” from {values.from} to {values.to} (both days included, counted from midnight to midnight Greenwich time), in the background. Events added to that range before it runs are deleted too.</>}
                preview={dryRun}
                run={() => api.DELETE('/user-events/bulk', { body: body() })}
                onDone={(result) => {
                  setAccepted({ id: (result as { request_id: string }).request_id, what });
                  check.reset();
                }}
              />
            ) : null}
          </div>
        ) : null}
      </Form>
    </>
  );
}

function UserEventsTable({ rows }: { rows: readonly UserEvent[] }) {
  const people = usePeople(rows.map((row) => row.user.userapp_id));
  return (
    <DataTable
      caption="User events"
      testId="user-events-table"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { header: 'When', cell: (row) => showDateTime(row.datetime) },
        { header: 'Event', cell: (row) => <code>{row.event.name}</code> },
        { header: 'Customer', cell: (row) => <CustomerLink user={row.user} person={people.data?.get(row.user.userapp_id)} /> },
        { header: 'Metadata', cell: (row) => (row.metadata ? <code>{JSON.stringify(row.metadata)}</code> : '—') },
      ]}
    />
  );
}

export default function UserEventsPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const options = useEventOptions({ value: '', label: 'Any event' });
  if (bar.applied.event && !options.some((o) => o.value === bar.applied.event)) options.push({ value: bar.applied.event, label: bar.applied.event });
  const { customer, from, to, ...rest } = bar.query;
  // The dates are the account's days (T5): their first and last seconds there.
  const filters = { ...rest, from: from && zoneDayStart(from), to: to && zoneDayEnd(to) };
  // User events are recorded by customer ID in your shop (E4): the customer typed is looked up for theirs.
  const who = useCustomerRef(customer ?? '', 'customer');
  const waiting = customer !== undefined && !who.data;
  const noUid = who.data !== undefined && who.data.service_uid === null;
  const userEvents = useGet(
    '/user-events',
    { params: { query: { page, limit: PAGE_SIZE, ...filters, ...(who.data?.service_uid ? { service_uid: who.data.service_uid } : {}) } } },
    { placeholderData: keepPreviousData, enabled: !waiting && !noUid },
  );
  const { draft, set } = bar;
  return (
    <Page title="User events">
      <SubNav label="Events" items={EVENTS_NAV} />
      <Section title="Stream">
        <FilterBar label="Filter user events" bar={bar} error={who.error ?? filterError(userEvents.error, FILTERS)}>
          <TextField label="Customer" name="customer" value={draft.customer} onValue={set('customer')} hint={CUSTOMER_HINT} autoCapitalize="off" spellCheck={false} />
          <SelectField label="Event" name="event" value={draft.event} onValue={bar.setNow('event')} options={options} />
          <TextField label="From" name="from" type="date" value={draft.from} onValue={set('from')} />
          <TextField label="To" name="to" type="date" value={draft.to} onValue={set('to')} />
        </FilterBar>
        {who.isError ? (
          <Empty>Correct the customer above to see their user events.</Empty>
        ) : waiting ? (
          <Loading label="Looking for the customer…" />
        ) : noUid ? (
          <Empty>{customerName(who.data!)} has no customer ID in your shop, and user events are recorded by customer ID in your shop: they have none.</Empty>
        ) : (
        <FilteredList
          query={userEvents}
          bar={bar}
          names={FILTERS}
          page={page}
          noun="user events"
          empty="No user events yet. Your site sends them to POST /user-events, naming an event defined on the Definitions tab."
        >
          {(data) => (
            <>
              <UserEventsTable rows={data} />
              <Pager page={page} count={data.length} onPage={setPage} label="User events" />
            </>
          )}
        </FilteredList>
        )}
      </Section>
      <Section title="Delete user events">
        <BulkDelete />
      </Section>
    </Page>
  );
}
