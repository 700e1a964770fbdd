import { useGet } from '../../api/queries.js';
import { Section } from '../../components/layout.js';
import { QueryView } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import { Link } from '../../router.js';
import { GROUP_LABELS } from '../../lib/value-groups.js';


/** The customer's value group and RFM scores in the account's current snapshot (GET /users/{id}/value). */
export function CustomerValue({ id }: { id: string }) {
  const value = useGet('/users/{id}/value', { params: { path: { id } } });
  return (
    <Section title="Value group" id="value">
      <QueryView query={value} loading="Loading the value group…">
        {(data) =>
          data.value_group === null ? (
            <p className="hint" data-testid="customer-value">
              {data.computed_at === null
                ? 'The value groups were never computed for this account. '
                : `No purchase in the 365 days before ${showDateTime(data.computed_at)}: no value group. `}
              <Link to="/">See the value groups on the overview</Link>
            </p>
          ) : (
            <div data-testid="customer-value">
              <p>
                <strong data-testid="customer-value-group">{GROUP_LABELS[data.value_group] ?? data.value_group}</strong>
              </p>
              <dl className="pairs" aria-label="RFM scores (1 to 5, 5 best)">
                <dt>Recency</dt>
                <dd data-testid="customer-value-recency">{data.recency}</dd>
                <dt>Frequency</dt>
                <dd data-testid="customer-value-frequency">{data.frequency}</dd>
                <dt>Monetary</dt>
                <dd data-testid="customer-value-monetary">{data.monetary}</dd>
              </dl>
              <p className="hint">Scores from 1 to 5 (5 best) among the customers who bought in the last 365 days, as of {showDateTime(data.computed_at!)}.</p>
            </div>
          )
        }
      </QueryView>
    </Section>
  );
}
