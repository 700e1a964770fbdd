import { keepPreviousData } from '@tanstack/react-query';
import { type GetInit, useGet } from '../../api/queries.js';
import { SelectField, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { DataTable } from '../../components/table.js';
import { showDateTime, zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { FilterBar, FilteredList, filterError, useFilterBar } from '../catalogue/shared.js';

// The audit log (D7: the administrative and destructive calls of the account, with the key that
// made them, kept 400 days): GET /account/audit-log, newest first, paged, filtered by method, path
// and dates, all in the URL like the other listings.

const FILTERS = ['method', 'path', 'from', 'to'] as const;
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type ListQuery = NonNullable<NonNullable<GetInit<'/account/audit-log'>>['params']>['query'];

export default function AuditLogPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const { draft, set } = bar;
  const { from, to, ...rest } = bar.query;
  // The dates are the account's days (T5): their first and last seconds there.
  const query: ListQuery = { page, limit: PAGE_SIZE, ...rest, from: from && zoneDayStart(from), to: to && zoneDayEnd(to) };
  const entries = useGet('/account/audit-log', { params: { query } }, { placeholderData: keepPreviousData, staleTime: 0 });
  return (
    <Page title="Audit log">
      <p className="hint">
        Who changed or deleted what: every administrative and destructive call of this account (deletions, erasures, blacklists, retention,
        categories…), with the key that made it. Newest first; kept 400 days.
      </p>
      <FilterBar label="Filter the audit log" bar={bar} error={filterError(entries.error, FILTERS)}>
        <SelectField
          label="Method"
          name="method"
          value={draft.method}
          onValue={bar.setNow('method')}
          options={[{ value: '', label: 'Every method' }, ...METHODS.map((m) => ({ value: m, label: m }))]}
        />
        <TextField label="Path" name="path" value={draft.path} onValue={set('path')} hint="This path and below it, e.g. /users or /categories." autoCapitalize="off" spellCheck={false} />
        <TextField label="From" name="from" type="date" value={draft.from} onValue={set('from')} />
        <TextField label="To" name="to" type="date" value={draft.to} onValue={set('to')} />
      </FilterBar>
      <FilteredList query={entries} bar={bar} names={FILTERS} page={page} noun="audit log entries" empty="Nothing recorded yet: deletions and other administrative calls are listed here as they happen.">
        {(rows) => (
          <>
            <DataTable
              caption="Audit log"
              testId="audit-log-table"
              rows={rows}
              rowKey={(entry) => entry.id}
              columns={[
                { header: 'Time', cell: (entry) => showDateTime(entry.time) },
                { header: 'Key', cell: (entry) => <code>{entry.key_prefix}</code> },
                { header: 'Method', cell: (entry) => entry.method },
                { header: 'Path', cell: (entry) => <code>{entry.path}</code> },
                { header: 'Status', className: 'num', cell: (entry) => entry.status },
                { header: 'Summary', cell: (entry) => entry.summary },
              ]}
            />
            <Pager page={page} count={rows.length} onPage={setPage} label="Audit log" />
          </>
        )}
      </FilteredList>
    </Page>
  );
}
