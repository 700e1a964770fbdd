import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiMutation, useGet } from '../../api/queries.js';
import { ConfirmDryRun } from '../../components/confirm.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { ConfirmAction } from '../../components/confirm.js';
import { check as rules, problems } from '../../lib/validate.js';
import { useApi } from '../../api/session.js';
import { useQueryParams } from '../../router.js';
import { LISTS, type ListName, storedValue } from './lists.js';
import { Upload } from './upload.js';
import { Changes } from '../../components/access.js';
import { formatCount } from '../../lib/format.js';
import { RapportError, type RapportClient, paginate } from '@rapport/sdk';

// The blacklists (L2–L7): upload a CSV, check one value, add or remove one value with a reason,
// browse a list newest first with a search, empty a list.

const LIST_PATH = '/account/blacklist';
const ENTRY_PATH = '/account/blacklist/{blacklist}/{value}';

function CheckValue({ list }: { list: ListName }) {
  const [value, setValue] = useState('');
  const check = useApiMutation((api, text: string) =>
    api.GET('/account/blacklist/{blacklist}/{value}', { params: { path: { blacklist: list, value: text } } }).then((answer) => ({ text, ...answer })),
  );
  return (
    <Form
      className="form-inline"
      label="Check a value"
      error={check.error}
      validate={() => problems({ value: rules.filled(value, list === 'email' ? 'Type the e-mail address to check.' : 'Type the telephone to check.') })}
      onSubmit={() => check.mutate(value)}
    >
      <TextField
        label={list === 'email' ? 'Is this e-mail address listed?' : 'Is this telephone listed?'}
        name="value"
        type={list === 'email' ? 'email' : 'tel'}
        value={value}
        onValue={setValue}
        hint="Checked as the list stores it: case and spacing do not matter."
      />
      <SubmitButton reads busy={check.isPending} busyLabel="Checking…">
        Check
      </SubmitButton>
      {check.data ? (
        <p className="check-result" role="status" data-testid="blacklist-check-result">
          {check.data.text} is {check.data.blacklisted ? '' : 'not '}on the {list} list.
        </p>
      ) : null}
    </Form>
  );
}

/** What adding one value did: put it on the list, or found it there already (L7: 200, nothing changed). */
type AddOutcome = { added: true; stored: string } | { added: false; stored: string; entry: { createtime: string; reason: string | null } | null; typedReason: string };

/** The entry as listed (its date and reason): the listing searched for the value, read until the exact one. */
async function listedEntry(api: RapportClient, list: ListName, stored: string) {
  const pages = paginate((page, limit) => api.GET(LIST_PATH, { params: { query: { blacklist: list, search: stored, page, limit } } }).then((answer) => answer.entries));
  for await (const entry of pages) if (entry.value === stored) return entry;
  return null;
}

function AddValue({ list, onAdded }: { list: ListName; onAdded: (outcome: AddOutcome | null) => void }) {
  const [value, setValue] = useState('');
  const [reason, setReason] = useState('');
  const add = useApiMutation(
    async (api, body: { value: string; reason: string }): Promise<AddOutcome> => {
      const { error, response } = await api.raw.PUT(ENTRY_PATH, { params: { path: { blacklist: list, value: body.value } }, body: body.reason === '' ? {} : { reason: body.reason } });
      if (!response.ok) throw RapportError.fromResponse(response, error);
      const stored = storedValue(list, body.value);
      // 200: it was there already, and the API keeps the entry as it was (its date, its reason).
      if (response.status !== 201) return { added: false, stored, entry: await listedEntry(api, list, stored), typedReason: body.reason };
      return { added: true, stored };
    },
    {
      invalidate: [['api', LIST_PATH]],
      onSuccess: (outcome) => {
        onAdded(outcome);
        setValue('');
        setReason('');
      },
    },
  );
  return (
    <Form
      changes
      className="form-inline"
      label="Add one value"
      error={add.error}
      validate={() => problems({ value: rules.filled(value, list === 'email' ? 'Type the e-mail address to add.' : 'Type the telephone to add.') })}
      onSubmit={() => {
        onAdded(null);
        add.mutate({ value: value.trim(), reason: reason.trim() });
      }}
    >
      <TextField label={list === 'email' ? 'E-mail address to add' : 'Telephone to add'} name="value" type={list === 'email' ? 'email' : 'tel'} value={value} onValue={setValue} />
      <TextField label="Reason (optional)" name="reason" value={reason} onValue={setReason} hint="Kept with the entry, e.g. “asked by phone, ticket 4411”." />
      <SubmitButton busy={add.isPending} busyLabel="Adding…">
        Add to the list
      </SubmitButton>
    </Form>
  );
}

function addedNotice(list: ListName, outcome: AddOutcome): { text: string; testId: string } {
  if (outcome.added) return { text: `${outcome.stored} is on the ${list} list now.`, testId: 'blacklist-added' };
  const { stored, entry, typedReason } = outcome;
  const since = entry ? ` since ${showDateTime(entry.createtime)}, reason: ${entry.reason ?? 'none given'}` : '';
  // The API has no way to change an entry's reason: the person is told the new one was not kept.
  const dropped = typedReason !== '' && typedReason !== entry?.reason ? ` Nothing changed: the reason you typed (“${typedReason}”) was not saved.` : ' Nothing changed.';
  return { text: `${stored} was already on the ${list} list${since}.${dropped}`, testId: 'blacklist-already' };
}

function Entries({ list, onList }: { list: ListName; onList: (list: string) => void }) {
  const api = useApi();
  const [page, setPage] = usePage();
  const [params, update] = useQueryParams();
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const query = { blacklist: list, page, limit: PAGE_SIZE, order: 'newest' as const, ...(search ? { search } : {}) };
  const entries = useGet(LIST_PATH, { params: { query } }, { placeholderData: keepPreviousData });
  // One line says what the last change did (added, removed, emptied): each replaces the one before.
  const [notice, setNoticeOnly] = useState<{ text: string; testId: string } | null>(null);
  // Each change of the list starts the check afresh: an earlier answer would contradict the notice.
  const [changes, setChanges] = useState(0);
  const setNotice = (next: { text: string; testId: string } | null) => {
    setNoticeOnly(next);
    if (next) setChanges((n) => n + 1);
  };
  const total = entries.data?.total;
  return (
    <Section
      title={`The ${list} list`}
      id="entries"
      actions={
        <ConfirmDryRun
          label={`Empty the ${list} list`}
          title={`Empty the ${list} list?`}
          description={`Every entry of the ${list} list is deleted. Customers on it can be e-mailed or texted again.`}
          preview={() => api.DELETE(LIST_PATH, { params: { query: { blacklist: list, dry_run: true } }, body: {} })}
          run={() => api.DELETE(LIST_PATH, { params: { query: { blacklist: list } }, body: {} })}
          invalidate={[['api', LIST_PATH]]}
          onDone={() => setNotice({ text: `The ${list} list was emptied.`, testId: 'blacklist-emptied' })}
          disabled={total === 0}
        />
      }
    >
      <div className="list-picker">
        <SelectField label="Show the list of" name="show" options={LISTS} value={list} onValue={onList} />
      </div>
      {notice ? (
        <p className="notice" role="status" data-testid={notice.testId}>
          {notice.text}
        </p>
      ) : null}
      {/* keyed by the list: a check's answer belongs to the list it was asked of */}
      <CheckValue key={`check-${list}-${changes}`} list={list} />
      <AddValue key={`add-${list}`} list={list} onAdded={(outcome) => setNotice(outcome === null ? null : addedNotice(list, outcome))} />
      <Form className="form-inline" label="Search the list" onSubmit={() => update({ q: draft.trim(), page: '' })}>
        <TextField label="Search" name="search" type="search" value={draft} onValue={setDraft} hint="Entries holding this text, any case." />
        <SubmitButton reads>Search</SubmitButton>
        {search ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              update({ q: '', page: '' });
            }}
          >
            Show all
          </button>
        ) : null}
      </Form>
      <QueryView
        query={entries}
        loading="Loading the list…"
        isEmpty={(data) => data.total === 0}
        empty={search ? `No entry of the ${list} list holds “${search}”.` : `The ${list} list is empty. Add a value above, or upload a CSV file to fill it.`}
      >
        {(data) => (
          <>
            <p>
              <strong data-testid="blacklist-total">{formatCount(data.total)}</strong> {data.total === 1 ? 'entry' : 'entries'}
              {search ? ` holding “${search}”` : ''}, newest first.
            </p>
            <DataTable
              caption={`Entries of the ${list} list`}
              testId="blacklist-entries"
              rows={data.entries}
              rowKey={(entry) => entry.value}
              columns={[
                { header: list === 'email' ? 'E-mail address' : 'Telephone', cell: (entry) => entry.value },
                { header: 'Added', cell: (entry) => showDateTime(entry.createtime) },
                { header: 'Reason', cell: (entry) => entry.reason ?? '—' },
                {
                  header: 'Actions',
                  cell: (entry) => (
                    <ConfirmAction
                      label="Remove"
                      title={`Take ${entry.value} off the ${list} list?`}
                      description={list === 'email' ? 'They can be e-mailed again from now on.' : 'They can be texted again from now on.'}
                      confirmLabel="Remove from the list"
                      busyLabel="Removing…"
                      run={() => api.DELETE(ENTRY_PATH, { params: { path: { blacklist: list, value: entry.value } } })}
                      invalidate={[['api', LIST_PATH]]}
                      onDone={() => setNotice({ text: `${entry.value} was removed from the ${list} list.`, testId: 'blacklist-removed' })}
                    />
                  ),
                },
              ]}
            />
            <Pager page={page} count={data.entries.length} onPage={setPage} label="Entries" />
          </>
        )}
      </QueryView>
    </Section>
  );
}

/** The e-mail and telephone blacklists: upload a CSV (with progress), check a value, browse, empty. */
export default function BlacklistsPage() {
  const [params, update] = useQueryParams();
  const list: ListName = params.get('list') === 'telephone' ? 'telephone' : 'email';
  const show = (value: string) => update({ list: value === 'email' ? '' : value, page: '', q: '' });
  return (
    <Page title="Blacklists">
      <Changes>
        <Upload defaultList={list} onUploaded={show} />
      </Changes>
      <Entries key={list} list={list} onList={show} />
    </Page>
  );
}
