import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, createContext, useContext, useEffect, useMemo, useState } from 'react';

// A small History API router: the console lives under BASE (the server answers index.html for every
// path below it), pages are matched by pattern (`/customers/:id`), links are real <a href>s so
// opening in a new tab, copying and keyboard use all work.

export const BASE = import.meta.env.BASE_URL.replace(/\/$/, ''); // "/console"

export interface PageProps {
  /** The path's `:name` parts, decoded. */
  params: Record<string, string>;
}

export interface Location {
  /** The path inside the console, e.g. `/customers/12`. */
  path: string;
  /** The query string as URLSearchParams (read-only: use `navigate` to change it). */
  search: URLSearchParams;
}

function current(): Location {
  const { pathname, search } = window.location;
  const inside = pathname.startsWith(BASE) ? pathname.slice(BASE.length) : pathname;
  return { path: inside === '' ? '/' : inside.replace(/(.)\/+$/, '$1'), search: new URLSearchParams(search) };
}

const NAVIGATE = 'rapport:navigate';

/** Goes to a console path (`/customers/12?tab=points`); `replace` keeps the history entry. */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  const url = BASE + (to.startsWith('/') ? to : `/${to}`);
  if (options.replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
  window.dispatchEvent(new Event(NAVIGATE));
}

/** The path `to` with its query string built from `query` (empty and undefined values left out). */
export function href(to: string, query: Record<string, string | number | undefined | null> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `${to}?${text}` : to;
}

const LocationContext = createContext<Location>({ path: '/', search: new URLSearchParams() });

export function RouterProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(current);
  useEffect(() => {
    const update = () => setLocation(current());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATE, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATE, update);
    };
  }, []);
  return <LocationContext.Provider value={location}>{children}</LocationContext.Provider>;
}

export const useLocation = (): Location => useContext(LocationContext);

/**
 * The query string as state: `update({ q: 'ana', page: '' })` sets several parameters at once
 * (an empty string removes one), replacing the history entry (filters are not steps of Back).
 */
export function useQueryParams(): [URLSearchParams, (updates: Record<string, string>) => void] {
  const { path, search } = useLocation();
  const update = (updates: Record<string, string>) => {
    const params = new URLSearchParams(search);
    for (const [name, value] of Object.entries(updates)) {
      if (value === '') params.delete(name);
      else params.set(name, value);
    }
    const text = params.toString();
    navigate(text ? `${path}?${text}` : path, { replace: true });
  };
  return [search, update];
}

/** One query-string parameter as state, e.g. a filter: `const [q, setQ] = useSearchParam('q')`. */
export function useSearchParam(name: string): [string, (value: string) => void] {
  const [search, update] = useQueryParams();
  return [search.get(name) ?? '', (value: string) => update({ [name]: value })];
}

/** `/customers/:id` against `/customers/12` -> `{ id: '12' }`; null when it does not match. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = path.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(got[i]!);
      } catch {
        return null;
      }
    } else if (part !== got[i]) return null;
  }
  return params;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** An <a> to a console path; a plain click navigates without reloading. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const url = BASE + (to.startsWith('/') ? to : `/${to}`);
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || rest.target) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={url} onClick={handle} {...rest} />;
}

/** True when the current path is `to` or below it (for aria-current in navigation). */
export function useIsActive(to: string): boolean {
  const { path } = useLocation();
  return useMemo(() => (to === '/' ? path === '/' : path === to || path.startsWith(`${to}/`)), [path, to]);
}
