import { useSyncExternalStore } from 'react';

// The API has no listing of background requests (only GET /requests/{id}), so the console
// remembers the ones it started, in this browser (localStorage, per server origin): what was asked,
// when, and the id. The Background requests page reads their status from the API.

export interface RememberedRequest {
  request_id: string;
  /** What was asked, for people: "Delete the user events of purchase, 2026-03-01..2026-03-31". */
  description: string;
  /** ISO time it was accepted. */
  accepted: string;
}

const STORAGE_KEY = 'rapport.requests';
const KEEP = 200;
const CHANGED = 'rapport:requests';

function read(): RememberedRequest[] {
  try {
    const parsed = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as RememberedRequest[]).filter((r) => typeof r?.request_id === 'string') : [];
  } catch {
    return [];
  }
}

let cache: RememberedRequest[] | null = null;

/** Call with what a background endpoint answered (`{request_id}`) and what it was for. */
export function rememberRequest(requestId: string, description: string): void {
  const list = [{ request_id: requestId, description, accepted: new Date().toISOString() }, ...read().filter((r) => r.request_id !== requestId)].slice(0, KEEP);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: the page still shows what this tab remembers
  }
  cache = list;
  window.dispatchEvent(new Event(CHANGED));
}

export function forgetRequests(): void {
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing stored
  }
  cache = [];
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  const update = (event: Event) => {
    if (event instanceof StorageEvent && event.key !== STORAGE_KEY) return;
    cache = null;
    onChange();
  };
  window.addEventListener(CHANGED, update);
  window.addEventListener('storage', update); // another tab
  return () => {
    window.removeEventListener(CHANGED, update);
    window.removeEventListener('storage', update);
  };
}

/** The requests this browser started, newest first. */
export function useRememberedRequests(): RememberedRequest[] {
  return useSyncExternalStore(subscribe, () => (cache ??= read()));
}
