import type { MailingFolder, MailingStatus } from '@rapport/sdk';
import { useEffect, useState } from 'react';
import { useApiMutation, useGet } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { Form, SelectField, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { ErrorNote } from '../../components/states.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { clearFlash, peekFlash } from '../../lib/flash.js';
import { check, problems } from '../../lib/validate.js';
import { Link, href, navigate, useQueryParams } from '../../router.js';
import { ConfirmDelete } from '../catalogue/shared.js';
import { MAILING_KEYS, MAILING_STATUSES, MailingStatusBadge, progressOf } from './shared.js';
import { formatCount } from '../../lib/format.js';

// Mailings (M1, M2): the account's mailings, newest first, in pages; its folders as a side list
// that filters them (?folder=), a status filter and a search on names, all in the URL; new
// folders, renamed and deleted ones (their mailings stay, without a folder); a new mailing, made
// as a draft with a starting body and opened at once to be written.

/** What a new mailing starts with: a body that greets the customer by name, and the unsubscribe link (M3). */
const STARTING_BODY = `<p>Hello {{ customer.first_name | default: "there" }},</p>
<p>Write your message here.</p>
<p><a href="{{ unsubscribe_url }}">Unsubscribe</a></p>`;

function Folders({ folders, chosen, onChoose }: { folders: readonly MailingFolder[]; chosen: number | null; onChoose: (id: number | null) => void }) {
  const item = (id: number | null, label: string, count?: number) => (
    <li key={id ?? 'all'}>
      <Link to={href('/mailings', { folder: id ?? undefined })} aria-current={chosen === id ? 'page' : undefined} onClick={() => onChoose(id)}>
        {label}
        {count !== undefined ? <span className="muted"> ({formatCount(count)})</span> : null}
      </Link>
    </li>
  );
  return (
    <nav aria-label="Folders" className="folder-list">
      <ul>
        {item(null, 'All mailings')}
        {folders.map((folder) => item(folder.id, folder.name, folder.mailings))}
      </ul>
    </nav>
  );
}

function NewFolder() {
  const [name, setName] = useState('');
  const create = useApiMutation((api, folderName: string) => api.mailingFolders.create({ name: folderName }), {
    invalidate: [['api', '/mailingfolders']],
    onSuccess: (folder) => {
      setName('');
      navigate(href('/mailings', { folder: folder.id }), { replace: true });
    },
  });
  return (
    <Form changes label="New folder" className="form-inline" error={create.error} validate={() => problems({ name: check.filled(name, 'Type the folder’s name.') })} onSubmit={() => create.mutate(name.trim())}>
      <TextField label="New folder" name="name" value={name} onValue={setName} />
      <SubmitButton busy={create.isPending} busyLabel="Creating…" className="">
        Create folder
      </SubmitButton>
    </Form>
  );
}

function FolderActions({ folder }: { folder: MailingFolder }) {
  const api = useApi();
  const [name, setName] = useState(folder.name);
  const rename = useApiMutation((client, newName: string) => client.mailingFolders.update(folder.id, { name: newName }), { invalidate: [['api', '/mailingfolders']] });
  return (
    <div className="folder-actions">
      <Form
        changes
        label={`Rename folder ${folder.name}`}
        className="form-inline"
        error={rename.error}
        validate={() => problems({ name: check.filled(name, 'Type the folder’s name.') })}
        onSubmit={() => rename.mutate(name.trim())}
      >
        <TextField label="Folder name" name="name" value={name} onValue={setName} />
        <SubmitButton busy={rename.isPending} className="">
          Rename
        </SubmitButton>
      </Form>
      <ConfirmDelete
        label="Delete folder"
        title={`Delete folder ${folder.name}`}
        description={<>Deletes the folder “{folder.name}”. Its {formatCount(folder.mailings)} mailings stay, without a folder.</>}
        counts={{ mailing_folders: 1 }}
        run={() => api.mailingFolders.delete(folder.id)}
        invalidate={[...MAILING_KEYS]}
        onDone={() => navigate('/mailings', { replace: true })}
      />
    </div>
  );
}

function NewMailing({ folderId }: { folderId: number | null }) {
  const [name, setName] = useState('');
  const create = useApiMutation(
    (api, mailingName: string) => api.mailings.create({ name: mailingName, subject: mailingName, body: STARTING_BODY, ...(folderId !== null ? { folder_id: folderId } : {}) }),
    { invalidate: [...MAILING_KEYS], onSuccess: (mailing) => navigate(`/mailings/${mailing.id}`) },
  );
  return (
    <Form changes label="New mailing" className="form-inline" error={create.error} validate={() => problems({ name: check.filled(name, 'Type a name for the mailing (only you see it).') })} onSubmit={() => create.mutate(name.trim())}>
      <TextField label="Name" name="name" value={name} onValue={setName} hint="Only you see it; the subject starts as this name." />
      <SubmitButton busy={create.isPending} busyLabel="Creating…">
        Create mailing
      </SubmitButton>
    </Form>
  );
}

export default function MailingsPage() {
  const [params, update] = useQueryParams();
  const folderText = params.get('folder') ?? '';
  const folderId = /^\d+$/.test(folderText) ? Number(folderText) : null;
  const given = params.get('status') ?? '';
  const status = MAILING_STATUSES.find((s) => s === given);
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const folders = useGet('/mailingfolders', { params: { query: { limit: 100 } } });
  const folder = folders.data?.find((f) => f.id === folderId) ?? null;
  const paged = usePagedGet('/mailings', {
    params: { query: { ...(folderId !== null ? { folder_id: folderId } : {}), ...(status ? { status } : {}), ...(search ? { search } : {}) } },
  });
  const filtered = folderId !== null || status !== undefined || search !== '';
  const [flash] = useState(peekFlash); // a mailing just deleted from its page
  useEffect(() => clearFlash(), []);
  return (
    <Page title="Mailings">
      <p className="hint page-intro">
        E-mails to the customers of a segment, sent through the account’s SMTP server. Write one, preview it for a customer, see who it will reach, send it
        or schedule it, and follow it while it is sent.
      </p>
      {flash ? (
        <p className="notice" role="status" data-testid="mailings-flash">
          {flash}
        </p>
      ) : null}
      <div className="mailings-layout">
        <Section title="Folders" id="folders">
          {folders.isError ? <ErrorNote error={folders.error} retry={() => void folders.refetch()} /> : null}
          <Folders folders={folders.data ?? []} chosen={folderId} onChoose={() => setDraft(search)} />
          {folder ? <FolderActions key={folder.id} folder={folder} /> : null}
          <NewFolder />
        </Section>
        <div>
          <Section title={folder ? `Mailings in ${folder.name}` : 'All mailings'} id="list">
            <Form className="form-inline" label="Find mailings" onSubmit={() => update({ q: draft.trim(), page: '' })}>
              <SelectField
                label="Status"
                name="status"
                value={status ?? ''}
                onValue={(value) => update({ status: value, page: '' })}
                options={[{ value: '', label: 'Every status' }, ...MAILING_STATUSES.map((s) => ({ value: s, label: s }))]}
              />
              <TextField label="Search" name="search" type="search" value={draft} onValue={setDraft} hint="Words of the name." />
              <button type="submit">Search</button>
            </Form>
            <PagedTable
              paged={paged}
              loading="Loading mailings…"
              empty={filtered ? 'No mailing matches. Choose All mailings, Every status, or clear the search.' : 'No mailings yet. Create one below: give it a name, then write it.'}
              caption={folder ? `Mailings in ${folder.name}` : 'Mailings'}
              testId="mailings-table"
              rowKey={(mailing) => mailing.id}
              columns={[
                { header: 'Mailing', cell: (mailing) => <Link to={`/mailings/${mailing.id}`}>{mailing.name}</Link> },
                { header: 'Subject', cell: (mailing) => mailing.subject },
                { header: 'Status', cell: (mailing) => <MailingStatusBadge status={mailing.status as MailingStatus} /> },
                {
                  header: 'Sent',
                  className: 'num',
                  cell: (mailing) => {
                    const { done, total } = progressOf(mailing);
                    return total === 0 ? '—' : `${formatCount(mailing.stats.sent)} of ${formatCount(total)}${done < total ? ' so far' : ''}`;
                  },
                },
                { header: 'When', cell: (mailing) => showDateTime(mailing.finished_at ?? mailing.started_at ?? mailing.send_at ?? mailing.createtime) },
              ]}
            />
          </Section>
          <Section title="New mailing" id="new">
            <NewMailing folderId={folderId} />
          </Section>
        </div>
      </div>
    </Page>
  );
}
