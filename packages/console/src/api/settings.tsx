import { RapportError } from '@rapport/sdk';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DEFAULT_SETTINGS, type DisplaySettings, setDisplaySettings } from '../lib/format.js';
import { Loading } from '../components/states.js';
import { useApi } from './session.js';

// The account's settings (T5: GET /account/settings): the currency money is shown in, the time zone
// of dates, the locale numbers are written and read in. Read once after sign-in, before any page,
// and handed to lib/format.ts. While the server has no such route (404: it lands later) or the key
// may not read it, the console uses T5's defaults (USD, UTC, en) rather than stopping.

/**
 * Takes the settings for formatting, and the locale as the page's language (`lang`): screen readers
 * read in it, and inputs that honour it (numbers, partly dates) follow it.
 */
function apply(settings: Partial<DisplaySettings>): DisplaySettings {
  const applied = setDisplaySettings(settings);
  document.documentElement.lang = applied.locale;
  return applied;
}

async function readSettings(api: ReturnType<typeof useApi>, signal: AbortSignal): Promise<DisplaySettings> {
  try {
    // Not in the SDK's document yet: asked by path.
    const answer = await (api.GET as unknown as (path: string, init: { signal: AbortSignal }) => Promise<Partial<DisplaySettings>>)('/account/settings', { signal });
    return apply(answer ?? {});
  } catch (error) {
    if (error instanceof RapportError && (error.status === 404 || error.status === 403 || error.status === 405)) return apply(DEFAULT_SETTINGS);
    throw error;
  }
}

/** The account's display settings, T5's defaults until (or unless) the API answers them. */
export function useAccountSettings(): DisplaySettings {
  const api = useApi();
  const query = useQuery({ queryKey: ['api', '/account/settings'], queryFn: ({ signal }) => readSettings(api, signal), staleTime: 5 * 60_000 });
  return query.data ?? DEFAULT_SETTINGS;
}

/** Renders the pages once the settings are known (or known to be the defaults), so every figure is written in them from the start. */
export function SettingsGate({ children }: { children: ReactNode }) {
  const api = useApi();
  const query = useQuery({ queryKey: ['api', '/account/settings'], queryFn: ({ signal }) => readSettings(api, signal), staleTime: 5 * 60_000 });
  if (query.isPending) return <Loading label="Loading the account’s settings…" />;
  if (query.isError) apply(DEFAULT_SETTINGS);
  return <>{children}</>;
}
