import { type RapportClient, createRapportClient } from '@rapport/sdk';
import { type ReactNode, createContext, useCallback, useContext, useMemo, useState } from 'react';

// The API key lives in sessionStorage: it survives reloads of this tab and is gone when the tab
// closes. It is sent only to this server's /apiv3 (the SDK adds it to each call), never in a URL.

const STORAGE_KEY = 'rapport.apiKey';

interface Session {
  client: RapportClient | null;
  /** Why the last session ended (the error of a refused key), shown on the sign-in page. */
  notice: unknown;
  signIn(apiKey: string): void;
  signOut(reason?: unknown): void;
}

const SessionContext = createContext<Session | null>(null);

function readKey(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null; // storage disabled: the key lives in memory only
  }
}

/** A client for this server's API with `apiKey`; also used by the sign-in page to try a key. */
export function clientFor(apiKey: string): RapportClient {
  return createRapportClient({ baseUrl: window.location.origin, apiKey, retry: { maxAttempts: 3, maxDelayMs: 10_000 } });
}

export function SessionProvider({ children, onSignOut }: { children: ReactNode; onSignOut?: () => void }) {
  const [apiKey, setApiKey] = useState<string | null>(readKey);
  const [notice, setNotice] = useState<unknown>(null);

  const signIn = useCallback((key: string) => {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, key);
    } catch {
      // in memory only
    }
    setNotice(null);
    setApiKey(key);
  }, []);

  const signOut = useCallback(
    (why?: unknown) => {
      try {
        window.sessionStorage.removeItem(STORAGE_KEY);
      } catch {
        // nothing stored
      }
      setNotice(why ?? null);
      setApiKey(null);
      onSignOut?.();
    },
    [onSignOut],
  );

  const value = useMemo<Session>(() => ({ client: apiKey ? clientFor(apiKey) : null, notice, signIn, signOut }), [apiKey, notice, signIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The signed-in SDK client; pages render only when signed in, so it is always there. */
export function useApi(): RapportClient {
  const { client } = useSession();
  if (!client) throw new Error('useApi needs a signed-in session');
  return client;
}
