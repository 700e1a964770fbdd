// U3: `{id}` in /users/{id} is the numeric userapp_id, or the service_uid in base64 — standard
// (URL-encoded by the client, decoded by the router) or URL-safe, padded or not.

export type UserRef = { id: number } | { serviceUid: string };

export function parseUserRef(raw: string): UserRef | null {
  if (/^\d+$/.test(raw)) {
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { id } : null;
  }
  const standard = raw.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard === '' || !/^[A-Za-z0-9+/]+$/.test(standard) || standard.length % 4 === 1) return null;
  const bytes = Buffer.from(standard, 'base64');
  // Reject text that is not canonical base64 of its bytes (stray bits), and non-UTF-8 results.
  if (bytes.toString('base64').replace(/=+$/, '') !== standard) return null;
  const serviceUid = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: false });
  return serviceUid === '' ? null : { serviceUid };
}
