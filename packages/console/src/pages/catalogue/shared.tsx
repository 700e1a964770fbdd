import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type Customer, customerName } from '../../api/customers.js';
import { fieldOf, isNotFound } from '../../api/errors.js';
import { useGet } from '../../api/queries.js';
import { ConfirmDryRun } from '../../components/confirm.js';
import { Form } from '../../components/form.js';
import { Empty, QueryView, StatusBadge } from '../../components/states.js';
import { Link, href, navigate, useLocation } from '../../router.js';
import { clockTime, formatCount } from '../../lib/format.js';
import { fromZoned, toZoned } from '../../lib/dates.js';

// Pieces the pages helper's areas share (catalogue, purchases, events, benefits, categories,
// custom attributes). They live here, inside one of those areas, until the lead moves them to
// src/components (see the pages helper's report).

/** Links between the pages of one area ("Products · Branches"); the current one (by default the one whose `to` is this path) is plain text. */
export function SubNav({ label, items, current: chosen }: { label: string; items: readonly { to: string; label: string }[]; current?: string }) {
  const { path } = useLocation();
  const current = chosen ?? path;
  return (
    <nav aria-label={label} className="section-head">
      <ul className="tags">
        {items.map((item) => {
          return (
            <li key={item.to}>
              {item.to === current ? (
                <strong aria-current="page">{item.label}</strong>
              ) : (
                <Link to={item.to}>{item.label}</Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * A filter bar's parameters in the URL: their values, and `apply` which sets them all at once
 * (one history entry, replaced) and goes back to the first page.
 */
export function useFilters<K extends string>(names: readonly K[]): [Record<K, string>, (next: Partial<Record<K, string>>) => void] {
  const { path, search } = useLocation();
  const values = Object.fromEntries(names.map((name) => [name, search.get(name) ?? ''])) as Record<K, string>;
  const apply = (next: Partial<Record<K, string>>) => {
    const query: Record<string, string> = {};
    for (const [key, value] of search) query[key] = value;
    delete query.page;
    Object.assign(query, next);
    navigate(href(path, query), { replace: true });
  };
  return [values, apply];
}

export interface FilterBarState<K extends string> {
  /** The filters in force (the URL's). */
  applied: Record<K, string>;
  /** The applied ones that are not empty, ready for a listing's query. */
  query: Partial<Record<K, string>>;
  filtered: boolean;
  /** What the controls show (applied on submit). */
  draft: Record<K, string>;
  set: (key: K) => (value: string) => void;
  /** Sets one control and applies the whole draft at once (for selects). */
  setNow: (key: K) => (value: string) => void;
  submit: () => void;
  clear: () => void;
}

/** The state of a filter bar over URL parameters: controls edit a draft, submitting applies it. */
export function useFilterBar<K extends string>(names: readonly K[]): FilterBarState<K> {
  const [applied, apply] = useFilters(names);
  const [draft, setDraft] = useState(applied);
  const query = Object.fromEntries(Object.entries(applied).filter(([, value]) => value !== '')) as Partial<Record<K, string>>;
  const replace = (next: Record<K, string>) => {
    setDraft(next);
    apply(next);
  };
  return {
    applied,
    query,
    filtered: Object.keys(query).length > 0,
    draft,
    set: (key) => (value) => setDraft((d) => ({ ...d, [key]: value })),
    setNow: (key) => (value) => replace({ ...draft, [key]: value }),
    submit: () => apply(draft),
    clear: () => replace(Object.fromEntries(names.map((name) => [name, ''])) as Record<K, string>),
  };
}

/** The filter form: its controls, then Filter (and Clear filters once some apply). `error` is the listing's. */
export function FilterBar<K extends string>({ label, bar, error, children }: { label: string; bar: FilterBarState<K>; error?: unknown; children: ReactNode }) {
  return (
    <Form className="form-inline" label={label} error={error} onSubmit={bar.submit}>
      {children}
      <div className="actions">
        <button type="submit">Apply filters</button>
        {bar.filtered ? (
          <button type="button" onClick={bar.clear}>
            Clear filters
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A filtered listing: a filter's 400 points at the bar (where <FilterBar error> shows it under its
 * field), else the loading, error, empty (with or without filters) or data state.
 */
export function FilteredList<T extends readonly unknown[], K extends string>({
  query,
  bar,
  names,
  page = 0,
  noun,
  empty,
  children,
}: {
  query: UseQueryResult<T, Error>;
  bar: FilterBarState<K>;
  names: readonly K[];
  page?: number;
  /** What the list holds, plural ("purchases"). */
  noun: string;
  /** The empty text without filters: what to do to get some. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (filterError(query.error, names)) return <Empty>Correct the filter above to see {noun}.</Empty>;
  return (
    <QueryView query={query} loading={`Loading ${noun}…`} isEmpty={(data) => data.length === 0 && page === 0} empty={bar.filtered ? `No ${noun} match these filters. Clear them to see all.` : empty}>
      {children}
    </QueryView>
  );
}

/**
 * A two-step delete of one thing through the shared dialog. `preview` may ask the API (a real dry
 * run) or answer what is known (the thing itself): the dialog shows the counts either way.
 */
export function ConfirmDelete({
  label,
  title,
  description,
  counts,
  run,
  invalidate,
  onDone,
}: {
  label: string;
  title: string;
  description: ReactNode;
  counts: Record<string, number> | (() => Promise<Record<string, number>>);
  run: () => Promise<unknown>;
  /** Query keys (prefixes) to refetch after the delete, e.g. [['api', '/products']]. */
  invalidate?: QueryKey[];
  onDone?: (result: unknown) => void;
}) {
  const preview = async () => ({ dry_run: true as const, would_delete: typeof counts === 'function' ? await counts() : counts });
  return <ConfirmDryRun label={label} title={title} description={description} preview={preview} run={run} invalidate={invalidate} onDone={onDone} />;
}

/**
 * A background request (K3) accepted by a delete: its status, read every second until it is done
 * or failed; `onFinished` runs once then (e.g. to refetch the list it changed).
 */
export function RequestProgress({ id, what, onFinished }: { id: string; what: string; onFinished?: () => void }) {
  const query = useGet(
    '/requests/{request_id}',
    { params: { path: { request_id: id } } },
    { refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000) },
  );
  const status = query.data?.status;
  const finished = status === 'done' || status === 'failed';
  useEffect(() => {
    if (finished) onFinished?.();
    // onFinished is a new function on every render: run it once, when the request finishes
  }, [finished]);
  const result = query.data?.result;
  return (
    <div className="notice" role="status" data-testid="request-progress">
      <p>
        {what}: background request <code>{id}</code> {status ? <StatusBadge status={status} /> : '…'}
        {finished && result && typeof result === 'object' ? <> — {describeResult(result as Record<string, unknown>)}</> : null}
      </p>
      <p>
        <Link to={href('/requests', { id })}>See background requests</Link>
      </p>
    </div>
  );
}

function describeResult(result: Record<string, unknown>): string {
  return Object.entries(result)
    .map(([key, value]) => `${key.replace(/_/g, ' ')}: ${typeof value === 'number' ? formatCount(value) : JSON.stringify(value)}`)
    .join(', ');
}

/** `YYYY-MM-DD hh:mm:ss` (the API's form, UTC) to a datetime-local input's value in the account's zone, and back. */
export const toLocalInput = (value: string | null | undefined): string => (value ? toZoned(value).replace(' ', 'T') : '');
export const fromLocalInput = (value: string): string => (value === '' ? '' : fromZoned(value.replace('T', ' ')));

/** An edit form's confirmation: the form itself is remade from the saved record, so the page keeps when it was saved. */
export function SavedNotice({ at }: { at: number | null }) {
  if (at === null) return null;
  return (
    <p className="notice" role="status">
      Changes saved at {clockTime(at)}.
    </p>
  );
}

/** Only the keys whose value differs from `initial` (a PUT changes only what it is given). */
export function changedOnly<T extends Record<string, unknown>>(initial: T, current: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(current) as (keyof T)[]) {
    if (JSON.stringify(current[key]) !== JSON.stringify(initial[key])) out[key] = current[key];
  }
  return out;
}

export const formatNumber = (value: number | null | undefined, digits = 2): string => formatCount(value, digits);

/**
 * A customer in lists, by name (first and last name, else e-mail, else customer ID in your shop: customerName),
 * linking to their page. `person` is the customer as GET /users/{id} answers (usePeople), for the
 * listings whose user object carries identifiers only (purchases, user events).
 */
export function CustomerLink({ user, person }: { user: { userapp_id: number; service_uid?: string | null; email?: string | null; first_name?: string | null; last_name?: string | null }; person?: Customer }) {
  return <Link to={`/customers/${user.userapp_id}`}>{customerName(person ?? user)}</Link>;
}

/**
 * A listing's error when it is about one of the filter bar's fields (a 400 "from: …"): given to the
 * filter <Form error>, it shows under that field, so the list shows a pointer to it instead.
 */
export function filterError(error: unknown, names: readonly string[]): unknown {
  const field = fieldOf(error)?.field;
  return field && names.some((name) => field === name || field.startsWith(`${name}.`)) ? error : null;
}


/** One record's page: a 404 says the record does not exist (no "Try again"), else QueryView's states. */
export function DetailView<T>({ query, loading, missing, children }: { query: UseQueryResult<T, Error>; loading: string; missing: ReactNode; children: (data: T) => ReactNode }) {
  if (query.isError && isNotFound(query.error)) return <Empty>{missing}</Empty>;
  return (
    <QueryView query={query} loading={loading}>
      {children}
    </QueryView>
  );
}
