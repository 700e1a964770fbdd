import { useMemo } from 'react';
import { explain } from '../../api/errors.js';
import { useApiQuery, useGet } from '../../api/queries.js';
import type { BuilderOptions } from './builder.js';
import { type BuilderContext, attributeFieldType } from './draft.js';
import { formatCount } from '../../lib/format.js';

// What the Segments pages share: a segment's live count, the lists the builder offers, and the
// query keys a change to a segment makes stale.

/** Refetched after a segment is created, changed or deleted (counts, members, the lists). */
export const SEGMENT_KEYS = [['api', '/segments'], ['api', '/segments/{id}'], ['api', '/segments/{id}/count'], ['api', '/users']] as const;

/** `GET /segments/{id}/count`, asked again each time it is shown (a segment is always current). */
export function useSegmentCount(id: number) {
  return useGet('/segments/{id}/count', { params: { path: { id: String(id) } } }, { staleTime: 0 });
}

/** A segment's member count as it is now: "1,234", "Counting…", or why it could not be counted. */
export function SegmentCount({ id }: { id: number }) {
  const count = useSegmentCount(id);
  if (count.isPending)
    return (
      <span className="muted" aria-busy="true">
        Counting…
      </span>
    );
  if (count.isError) return <span className="error-text">{explain(count.error).text}</span>;
  return <span data-testid="segment-count">{formatCount(count.data.count)}</span>;
}

/** "2 conditions", "5 conditions in nested groups". */
export function definitionSummary(segment: { definition: unknown; advanced: boolean }): string {
  let conditions = 0;
  const walk = (node: unknown) => {
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.all)) record.all.forEach(walk);
    else if (Array.isArray(record.any)) record.any.forEach(walk);
    else if ('not' in record) walk(record.not);
    else conditions += 1;
  };
  walk(segment.definition);
  const text = `${formatCount(conditions)} condition${conditions === 1 ? '' : 's'}`;
  return segment.advanced ? `${text} in nested groups` : text;
}

/** The most tags the builder reads (GET /account/tags's default); a list that long may not be all of them. */
const TAGS_LISTED = 1000;

/** The most items of one list the builder reads (pages of 100) to offer them by name. */
const MAX_LISTED = 2000;

/**
 * What the builder offers, read once: the customer attributes (typed by data_type, a select's
 * options), the catalogue's categories and branches by name, the event names (all of them, up to
 * MAX_LISTED), the benefits, the mailings and the other segments (the first 100 of each, the API's
 * page). A value that matches none of the lists read whole gets a warning in the builder.
 */
export function useBuilderOptions(selfId?: number): { options: BuilderOptions; context: BuilderContext; ready: boolean; error: unknown } {
  const attributes = useGet('/account/custom-attributes');
  const categories = useGet('/categories');
  const branches = useApiQuery(['/branches', 'every name'], async (api) => {
    const names: string[] = [];
    for await (const branch of api.paginate('/branches', {})) {
      names.push(branch.name);
      if (names.length >= MAX_LISTED) break;
    }
    return names.sort((a, b) => a.localeCompare(b));
  });
  const events = useApiQuery(['/events', 'every name'], async (api) => {
    const names: string[] = [];
    for await (const event of api.paginate('/events', {})) {
      names.push(event.name);
      if (names.length >= MAX_LISTED) break;
    }
    return names;
  });
  // The tags customers hold (Rapport's GET /account/tags), the most held first: the whole list unless
  // it comes back full, when the builder offers them as suggestions and judges no typed tag.
  const tags = useGet('/account/tags', { params: { query: { limit: TAGS_LISTED } } });
  const benefits = useGet('/benefits/all', { params: { query: { limit: 100 } } });
  const mailings = useGet('/mailings', { params: { query: { limit: 100 } } });
  const segments = useGet('/segments', { params: { query: { limit: 100 } } });
  const options = useMemo<BuilderOptions>(
    () => ({
      attributes: (attributes.data ?? []).filter((a) => attributeFieldType(a.data_type) !== null),
      categories: (categories.data ?? []).map((c) => ({ code: c.code, name: c.name, path: c.path })),
      branches: branches.data ?? [],
      tags: [...(tags.data ?? [])].sort((a, b) => a.tag.localeCompare(b.tag)),
      tagsComplete: tags.data !== undefined && tags.data.length < TAGS_LISTED,
      events: events.data ?? [],
      benefits: (benefits.data ?? []).map((b) => ({ id: b.id, title: b.title })),
      mailings: (mailings.data ?? []).map((m) => ({ id: m.id, title: m.name })),
      segments: (segments.data ?? []).filter((s) => s.id !== selfId).map((s) => ({ id: s.id, title: s.title })),
    }),
    [attributes.data, categories.data, branches.data, tags.data, events.data, benefits.data, mailings.data, segments.data, selfId],
  );
  const context = useMemo<BuilderContext>(
    () => ({
      attributes: new Map(options.attributes.map((a) => [a.name, attributeFieldType(a.data_type)!])),
      wholeAttributes: new Set(options.attributes.filter((a) => a.data_type === 'integer').map((a) => a.name)),
    }),
    [options.attributes],
  );
  // The attributes decide the operators, and the pick-lists must be there before a stored value is
  // judged to match nothing: the builder waits for them; the benefits, mailings and segments fill in.
  const lists = [attributes, categories, branches, events];
  // The tags are waited for too, but a failure to read them only leaves the Tag field a text box.
  return { options, context, ready: [...lists, tags].every((q) => !q.isPending), error: lists.find((q) => q.error)?.error ?? null };
}
