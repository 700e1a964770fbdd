import type { RapportClient } from '@rapport/sdk';
import { isDryRun } from '../../components/confirm.js';

export const EVENTS_NAV = [
  { to: '/events', label: 'Definitions' },
  { to: '/events/user-events', label: 'User events' },
] as const;

/** The widest range the API takes (years below 100 are not dates to it, G7). */
export const ALL_TIME = { from: '0100-01-01', to: '9999-12-31' } as const;

/** How many user events an event has: the bulk delete's dry run over all time (one indexed count). */
export async function countUserEvents(api: RapportClient, eventName: string): Promise<number> {
  const answer = await api.DELETE('/user-events/bulk', { params: { query: { dry_run: true } }, body: { event_name: eventName, ...ALL_TIME } });
  if (!isDryRun(answer)) throw new Error('The server did not answer with a count (dry_run).');
  return Number(answer.would_delete.user_events ?? 0);
}
