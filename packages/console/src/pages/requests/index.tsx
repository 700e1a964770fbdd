import type { BackgroundRequest } from '@rapport/sdk';
import { useState } from 'react';
import { isNotFound } from '../../api/errors.js';
import { useGet } from '../../api/queries.js';
import { forgetRequests, useRememberedRequests } from '../../api/requests.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { Empty, ErrorNote, Loading, StatusBadge } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import { useSearchParam } from '../../router.js';

// Background requests (bulk deletes) run in the server's worker. The API reads one request by id
// (GET /requests/{id}) and lists none, so this page shows the requests started from this browser
// (remembered when the console started them) and any other one looked up by its id. Unfinished
// ones are read again every second until they are done or failed.

const unfinished = (status: string | undefined) => status === 'pending' || status === 'running';

/** One request's state, polled while it runs. */
export function useRequest(requestId: string) {
  return useGet(
    '/requests/{request_id}',
    { params: { path: { request_id: requestId } } },
    { refetchInterval: (query) => (query.state.error ? false : unfinished(query.state.data?.status) || !query.state.data ? 1000 : false), staleTime: 0 },
  );
}

function Outcome({ request }: { request: BackgroundRequest }) {
  if (!request.result) return <>{request.status === 'pending' ? 'waiting for the worker' : 'working…'}</>;
  return (
    <>
      {request.result.deleted.toLocaleString()} deleted
      {request.result.error ? <span className="field-error"> — {request.result.error}</span> : null}
    </>
  );
}

function RequestRow({ requestId, description, accepted }: { requestId: string; description: string; accepted?: string }) {
  const request = useRequest(requestId);
  return (
    <tr>
      <td>
        {description}
        <br />
        <code className="hint">{requestId}</code>
      </td>
      <td>{accepted ? new Date(accepted).toLocaleString() : request.data ? showDateTime(request.data.created) : '—'}</td>
      <td data-testid={`request-status-${requestId}`}>
        {request.isPending ? '…' : request.isError ? isNotFound(request.error) ? 'not found' : 'unreadable' : <StatusBadge status={request.data.status} />}
      </td>
      <td>{request.data ? <Outcome request={request.data} /> : request.isError ? request.error.message : ''}</td>
      <td>{request.data ? showDateTime(request.data.finished) : ''}</td>
    </tr>
  );
}

function LookUp() {
  const [id, setId] = useSearchParam('id');
  const [draft, setDraft] = useState(id);
  return (
    <Section title="Look up a request" id="look-up">
      <Form className="form-inline" label="Look up a request" onSubmit={() => setId(draft.trim())}>
        <TextField label="Request id" name="request_id" value={draft} onValue={setDraft} hint="The request_id a bulk delete answered, e.g. 3f0c5a8e-…" spellCheck={false} />
        <SubmitButton>Look up</SubmitButton>
      </Form>
      {id ? <OneRequest requestId={id} /> : null}
    </Section>
  );
}

function OneRequest({ requestId }: { requestId: string }) {
  const request = useRequest(requestId);
  if (request.isPending) return <Loading label="Reading the request…" />;
  if (request.isError) return <ErrorNote error={request.error} />;
  const data = request.data;
  return (
    <dl className="pairs" data-testid="request-detail">
      <div className="pair">
        <dt>Request</dt>
        <dd>
          <code>{data.request_id}</code>
        </dd>
      </div>
      <div className="pair">
        <dt>Type</dt>
        <dd>{data.type}</dd>
      </div>
      <div className="pair">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={data.status} />
        </dd>
      </div>
      <div className="pair">
        <dt>Outcome</dt>
        <dd>
          <Outcome request={data} />
        </dd>
      </div>
      <div className="pair">
        <dt>Accepted</dt>
        <dd>{showDateTime(data.created)}</dd>
      </div>
      <div className="pair">
        <dt>Finished</dt>
        <dd>{showDateTime(data.finished)}</dd>
      </div>
    </dl>
  );
}

export default function RequestsPage() {
  const remembered = useRememberedRequests();
  return (
    <Page title="Background requests">
      <p className="hint">
        Bulk deletes (user events, categories) run in the background. The requests started from this browser are listed here with their progress;
        others can be looked up by their id.
      </p>
      <Section
        title="Started from this browser"
        id="started"
        actions={
          remembered.length > 0 ? (
            <button type="button" onClick={forgetRequests}>
              Clear this list
            </button>
          ) : null
        }
      >
        {remembered.length === 0 ? (
          <Empty>No background request was started from this browser yet. Deleting user events or categories starts one.</Empty>
        ) : (
          <div className="table-wrap" role="region" aria-label="Background requests" tabIndex={0}>
            <table data-testid="requests-table">
              <caption className="visually-hidden">Background requests started from this browser</caption>
              <thead>
                <tr>
                  <th scope="col">Request</th>
                  <th scope="col">Accepted</th>
                  <th scope="col">Status</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Finished</th>
                </tr>
              </thead>
              <tbody>
                {remembered.map((request) => (
                  <RequestRow key={request.request_id} requestId={request.request_id} description={request.description} accepted={request.accepted} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Section>
      <LookUp />
    </Page>
  );
}
