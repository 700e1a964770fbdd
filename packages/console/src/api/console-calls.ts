import { RapportError } from '@rapport/sdk';

// The console's own routes (/console/session, /console/password), outside /apiv3 and the SDK:
// same origin, so the browser sends and keeps the session cookie; every write carries the CSRF
// header the server asks of cookie writes (T3).

export type Role = 'owner' | 'editor' | 'viewer';

/** Who is signed in, as POST and GET /console/session answer it. */
export interface SessionPerson {
  email: string;
  role: Role;
  account: { id: number; name: string };
}

/** Passwords: 10 to 128 characters, not the e-mail (T2). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

export const CSRF_HEADERS = { 'X-Rapport-Console': '1' } as const;

/** Calls `/console/<path>`; answers the envelope's payload (null for 204), or throws a RapportError. */
export async function consoleCall<T = null>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${window.location.origin}/console/${path}`, {
    method,
    credentials: 'same-origin',
    headers: { ...CSRF_HEADERS, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return null as T;
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) throw RapportError.fromResponse(response, parsed);
  return (parsed as { payload: T }).payload;
}
