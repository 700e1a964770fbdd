import { useMemo, useState } from 'react';
import { CUSTOMER_CHANGED } from '../../api/customers.js';
import { useApiMutation } from '../../api/queries.js';
import { TimeChart } from '../../components/chart.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { useAllPages, usePagedGet } from '../../components/pager.js';
import { QueryView } from '../../components/states.js';
import { PagedTable } from '../../components/table.js';
import { minuteOf, showDateTime, toSeconds } from '../../lib/dates.js';
import { check, problems, readNumber } from '../../lib/validate.js';
import type { User } from './profile.js';
import { Changes } from '../../components/access.js';
import { formatCount } from '../../lib/format.js';

const LEDGER_PATH = '/users/{id}/transactions';

function AddPoints({ id }: { id: string }) {
  const empty = { concept: '', points: '', description: '' };
  const [values, setValues] = useState(empty);
  const [done, setDone] = useState<string | null>(null);
  const set = (name: keyof typeof empty) => (value: string) => setValues((current) => ({ ...current, [name]: value }));
  const add = useApiMutation(
    (api, body: typeof empty) =>
      api.POST('/users/{id}/points', {
        params: { path: { id } },
        // Checked first (a whole number, not 0); the API checks the balance.
        body: { concept: body.concept.trim(), points: readNumber(body.points, true)!, description: body.description || undefined },
      }),
    {
      invalidate: [...CUSTOMER_CHANGED, ['api', LEDGER_PATH], ['api', 'all', LEDGER_PATH]],
      onSuccess: (result, body) => {
        setValues(empty);
        setDone(`Recorded ${Number(body.points) > 0 ? '+' : ''}${body.points} points (transaction ${result.transaction_id}).`);
      },
    },
  );
  return (
    <Form
      error={add.error}
      label="Add or take points"
      validate={() =>
        problems({
          concept: check.filled(values.concept, 'Say what it is for, e.g. bonus.'),
          points: check.wholeNumber(values.points, { nonZero: true, example: '10, or -5 to take away' }),
        })
      }
      onSubmit={() => {
        setDone(null);
        add.mutate(values);
      }}
    >
      <h3>Add or take points</h3>
      <div className="grid">
        <TextField label="Concept" name="concept" value={values.concept} onValue={set('concept')} hint="e.g. purchase, bonus, redeem" />
        <TextField label="Points to add" name="points" inputMode="numeric" value={values.points} onValue={set('points')} hint="Negative to take points away." />
        <TextField label="Description" name="description" value={values.description} onValue={set('description')} />
      </div>
      <div className="actions">
        <SubmitButton busy={add.isPending} busyLabel="Recording…">
          Record points
        </SubmitButton>
        {done ? (
          <p className="notice" role="status">
            {done}
          </p>
        ) : null}
      </div>
    </Form>
  );
}

function BalanceChart({ id }: { id: string }) {
  const ledger = useAllPages([LEDGER_PATH, id], (api) => api.paginate(LEDGER_PATH, { params: { path: { id } } }), 5000);
  const chart = useMemo(() => {
    const ascending = [...(ledger.data?.items ?? [])].reverse(); // the API lists newest first
    return { x: ascending.map((entry) => toSeconds(entry.createtime)), series: [{ label: 'Balance', values: ascending.map((entry) => entry.balance) }] };
  }, [ledger.data]);
  return (
    <QueryView query={ledger} loading="Loading the ledger…">
      {(data) => (
        <>
          <TimeChart title="Points balance over time" x={chart.x} series={chart.series} kind="step" formatX={minuteOf} testId="customer-points-chart" />
          {data.truncated ? <p className="hint">The chart shows the latest 5,000 ledger entries.</p> : null}
        </>
      )}
    </QueryView>
  );
}

function LedgerTable({ id }: { id: string }) {
  const paged = usePagedGet(LEDGER_PATH, { params: { path: { id } } }, { pageParam: 'ledger_page' });
  return (
    <PagedTable
      paged={paged}
      loading="Loading the ledger…"
      empty="No points were ever given or taken."
      caption="Points ledger"
      testId="customer-ledger"
      rowKey={(entry) => entry.id}
      columns={[
        { header: 'When', cell: (entry) => showDateTime(entry.createtime) },
        { header: 'Concept', cell: (entry) => entry.concept },
        { header: 'Points', className: 'num', cell: (entry) => `${entry.points > 0 ? '+' : ''}${formatCount(entry.points)}` },
        { header: 'Balance after', className: 'num', cell: (entry) => formatCount(entry.balance) },
        { header: 'Description', cell: (entry) => entry.description ?? '' },
      ]}
    />
  );
}

export function Points({ user, id }: { user: User; id: string }) {
  return (
    <Section title="Points" id="points">
      <p className="balance">
        Balance: <strong data-testid="customer-points-balance">{formatCount(user.points)}</strong> points
      </p>
      <Changes>
        <AddPoints id={id} />
      </Changes>
      <BalanceChart id={id} />
      <LedgerTable id={id} />
    </Section>
  );
}
