import { type RapportClient, createRapportClient } from '@rapport/sdk';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { CSRF_HEADERS, type Role, type SessionPerson, consoleCall } from './console-calls.js';

// Two ways in. A person signs in with e-mail and password: the server sets an HttpOnly cookie the
// script never sees, the SDK sends no key (the browser adds the cookie, same origin) and the CSRF
// header on every call, and GET /console/session on load tells whether the cookie still holds, so
// a reload stays signed in. A developer may paste an API key instead: it lives in sessionStorage
// (this tab, until it closes) and the SDK sends it to this server's /apiv3 only, never in a URL.
// A key's scope comes from GET /account/access: a full key is shown as an owner, a read key (D8)
// as an owner who changes nothing (it may read the owner's pages, not write anywhere).

const STORAGE_KEY = 'rapport.apiKey';
/** 'key' once this tab signed in with a key: its sign-in page then opens on the key form. */
const WAY_KEY = 'rapport.signInWay';

/** Which form the sign-in page opens on. */
export function lastSignInWay(): 'key' | 'person' {
  try {
    return window.sessionStorage.getItem(WAY_KEY) === 'key' ? 'key' : 'person';
  } catch {
    return 'person';
  }
}
const RETRY = { maxAttempts: 3, maxDelayMs: 10_000 };

interface Session {
  client: RapportClient | null;
  /** True while the console asks the server whether its cookie is a live session (first load). */
  checking: boolean;
  /** The signed-in person; null with an API key or signed out. */
  person: SessionPerson | null;
  /** What the console lets the signed-in one do: a person's role, `owner` for a key. */
  role: Role | null;
  /** A key's scope (D8), once GET /account/access answered; null for a person or before the answer. */
  keyScope: 'full' | 'read' | null;
  /** Why the last session ended (the error of a refused key or an ended session), shown on the sign-in page. */
  notice: unknown;
  signIn(apiKey: string): void;
  signInPerson(person: SessionPerson): void;
  /** Keeps the new role or e-mail of the signed-in person (after GET /console/session). */
  refreshPerson(): Promise<void>;
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
  return createRapportClient({ baseUrl: window.location.origin, apiKey, retry: RETRY });
}

/** A client that authenticates with the browser's session cookie. */
function cookieClient(): RapportClient {
  return createRapportClient({ baseUrl: window.location.origin, headers: { ...CSRF_HEADERS }, retry: RETRY });
}

export function SessionProvider({ children, onSignOut }: { children: ReactNode; onSignOut?: () => void }) {
  const [apiKey, setApiKey] = useState<string | null>(readKey);
  const [person, setPerson] = useState<SessionPerson | null>(null);
  const [checking, setChecking] = useState(() => readKey() === null);
  const [notice, setNotice] = useState<unknown>(null);
  const [keyScope, setKeyScope] = useState<'full' | 'read' | null>(null);

  const refreshPerson = useCallback(async () => {
    try {
      setPerson(await consoleCall<SessionPerson>('GET', 'session'));
    } catch {
      setPerson(null); // no live session (403) or no server: the sign-in page
    }
  }, []);

  useEffect(() => {
    if (!checking) return;
    void refreshPerson().finally(() => setChecking(false));
  }, [checking, refreshPerson]);

  const signIn = useCallback((key: string) => {
    try {
      window.sessionStorage.setItem(STORAGE_KEY, key);
      window.sessionStorage.setItem(WAY_KEY, 'key');
    } catch {
      // in memory only
    }
    setNotice(null);
    setApiKey(key);
  }, []);

  const signInPerson = useCallback((who: SessionPerson) => {
    // A key this tab held would win over the cookie (T3): the person's sign-in replaces it.
    try {
      window.sessionStorage.removeItem(WAY_KEY);
      window.sessionStorage.removeItem(STORAGE_KEY);
    } catch {
      // nothing stored
    }
    setApiKey(null);
    setNotice(null);
    setPerson(who);
  }, []);

  const signOut = useCallback(
    (why?: unknown) => {
      try {
        window.sessionStorage.removeItem(STORAGE_KEY);
        if (apiKey) window.sessionStorage.setItem(WAY_KEY, 'key');
      } catch {
        // nothing stored
      }
      // Ends the cookie's session on the server too (204 whether or not it was live).
      if (person) void consoleCall('DELETE', 'session').catch(() => {});
      setNotice(why ?? null);
      setApiKey(null);
      setPerson(null);
      onSignOut?.();
    },
    [onSignOut, person, apiKey],
  );

  // One client for the whole cookie session: a role change (refreshPerson) keeps the queries' client.
  const hasPerson = person !== null;
  const client = useMemo(() => (apiKey ? clientFor(apiKey) : hasPerson ? cookieClient() : null), [apiKey, hasPerson]);
  // A key's scope: asked once per key; until it answers the key is taken as full (the API judges every call anyway).
  useEffect(() => {
    setKeyScope(null);
    if (!apiKey || !client) return;
    let live = true;
    client
      .GET('/account/access')
      .then((access) => {
        if (live) setKeyScope(access.scope);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [apiKey, client]);
  const role: Role | null = apiKey ? 'owner' : (person?.role ?? null);
  const value = useMemo<Session>(
    () => ({ client, checking, person: apiKey ? null : person, role, keyScope: apiKey ? keyScope : null, notice, signIn, signInPerson, refreshPerson, signOut }),
    [client, checking, apiKey, person, role, keyScope, notice, signIn, signInPerson, refreshPerson, signOut],
  );
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

/** The signed-in role (owner for an API key). */
export function useRole(): Role {
  return useSession().role ?? 'viewer';
}

export const VIEWER_REASON = 'Your role is viewer: you can look, not change. Ask an owner for the editor role.';
export const READ_KEY_REASON = 'This API key can only read: you can look, not change. Use a full key to make changes.';

/** Why the signed-in one may not change data (a viewer, a read-only key), or null when they may. */
export function useReadOnlyReason(): string | null {
  const { role, keyScope } = useSession();
  if (keyScope === 'read') return READ_KEY_REASON;
  return role === 'viewer' ? VIEWER_REASON : null;
}

/** True when the signed-in one may change data: the console offers its change actions only then. */
export function useCanChange(): boolean {
  return useReadOnlyReason() === null;
}
