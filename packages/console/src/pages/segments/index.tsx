import { NewLink } from '../../components/new-link.js';
import { useState } from 'react';
import { useApi } from '../../api/session.js';
import { Form, TextField } from '../../components/form.js';
import { Page } from '../../components/layout.js';
import { usePagedGet } from '../../components/pager.js';
import { PagedTable } from '../../components/table.js';
import { showDateTime } from '../../lib/dates.js';
import { Link, href, useQueryParams } from '../../router.js';
import { ConfirmDelete } from '../catalogue/shared.js';
import { SEGMENT_KEYS, SegmentCount, definitionSummary } from './shared.js';

// Segments (SG1–SG6): every saved audience with how many customers are in it now (each row asks
// GET /segments/{id}/count as it is shown: nothing is precomputed, so the figure is current), a
// search on titles, and a way to each one's builder, members and export.

export default function SegmentsPage() {
  const api = useApi();
  const [params, update] = useQueryParams();
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const paged = usePagedGet('/segments', { params: { query: search ? { search } : {} } });
  return (
    <Page
      title="Segments"
      actions={
        <NewLink to="/segments/new">New segment</NewLink>
      }
    >
      <p className="hint page-intro">Audiences defined by conditions on what Rapport knows about customers, counted when asked: always current.</p>
      <Form className="form-inline" label="Find segments" onSubmit={() => update({ q: draft.trim(), page: '' })}>
        <TextField label="Search" name="search" type="search" value={draft} onValue={setDraft} hint="Words of the title." />
        <button type="submit" className="primary">
          Search
        </button>
        {search ? (
          <button
            type="button"
            onClick={() => {
              setDraft('');
              update({ q: '', page: '' });
            }}
          >
            Clear
          </button>
        ) : null}
      </Form>
      <PagedTable
        paged={paged}
        loading="Loading segments…"
        empty={search ? `No segment’s title matches “${search}”.` : 'No segments yet. Create one with “New segment”: choose conditions and see who matches as you go.'}
        caption={search ? `Segments matching “${search}”` : 'Segments'}
        testId="segments-table"
        rowKey={(segment) => segment.id}
        columns={[
          { header: 'Segment', cell: (segment) => <Link to={`/segments/${segment.id}`}>{segment.title}</Link> },
          { header: 'Members now', className: 'num', cell: (segment) => <SegmentCount id={segment.id} /> },
          { header: 'Definition', cell: (segment) => definitionSummary(segment) },
          { header: 'Updated', cell: (segment) => showDateTime(segment.updatetime) },
          {
            header: 'Actions',
            cell: (segment) => (
              <div className="actions">
                <Link to={href('/customers', { segment: segment.id })} aria-label={`Members of ${segment.title}`}>
                  Members
                </Link>
                <ConfirmDelete
                  label={`Delete ${segment.title}`}
                  title={`Delete segment ${segment.title}`}
                  description={<>Deletes the segment “{segment.title}”. Its customers stay; only the audience goes. A segment other segments use cannot be deleted.</>}
                  counts={{ segments: 1 }}
                  run={() => api.segments.delete(segment.id)}
                  invalidate={[...SEGMENT_KEYS]}
                />
              </div>
            ),
          },
        ]}
      />
    </Page>
  );
}
