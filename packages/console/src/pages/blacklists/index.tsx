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
import { check as rules, problems } from '../../lib/validate.js';
import { useApi } from '../../api/session.js';
import { useQueryParams } from '../../router.js';
import { LISTS, type ListName } from './lists.js';
import { Upload } from './upload.js';


const LIST_PATH = '/account/blacklist';

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

function Entries({ list, onList }: { list: ListName; onList: (list: string) => void }) {
  const api = useApi();
  const [page, setPage] = usePage();
  const entries = useGet(LIST_PATH, { params: { query: { blacklist: list, page, limit: PAGE_SIZE } } }, { placeholderData: keepPreviousData });
  const [emptied, setEmptied] = useState<string | null>(null);
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
          onDone={() => setEmptied(`The ${list} list was emptied.`)}
          disabled={total === 0}
        />
      }
    >
      <div className="list-picker">
        <SelectField label="Show the list of" name="show" options={LISTS} value={list} onValue={onList} />
      </div>
      {emptied ? (
        <p className="notice" role="status">
          {emptied}
        </p>
      ) : null}
      <CheckValue list={list} />
      <QueryView query={entries} loading="Loading the list…" isEmpty={(data) => data.total === 0} empty={`The ${list} list is empty. Upload a CSV file to fill it.`}>
        {(data) => (
          <>
            <p>
              <strong data-testid="blacklist-total">{data.total.toLocaleString()}</strong> {data.total === 1 ? 'entry' : 'entries'}, in the order they were added.
            </p>
            <DataTable
              caption={`Entries of the ${list} list`}
              testId="blacklist-entries"
              rows={data.entries}
              rowKey={(entry) => entry.value}
              columns={[
                { header: list === 'email' ? 'E-mail address' : 'Telephone', cell: (entry) => entry.value },
                { header: 'Added', cell: (entry) => showDateTime(entry.createtime) },
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
  const show = (value: string) => update({ list: value === 'email' ? '' : value, page: '' });
  return (
    <Page title="Blacklists">
      <Upload defaultList={list} onUploaded={show} />
      <Entries list={list} onList={show} />
    </Page>
  );
}
