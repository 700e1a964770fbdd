import { decodeBase64Text } from '../../lib/base64-id.js';

// U3: `{id}` in /users/{id} is the numeric userapp_id, or the service_uid in base64 (any of the
// forms decodeBase64Text accepts).

export type UserRef = { id: number } | { serviceUid: string };

export function parseUserRef(raw: string): UserRef | null {
  if (/^\d+$/.test(raw)) {
    const id = Number(raw);
    return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? { id } : null;
  }
  const serviceUid = decodeBase64Text(raw);
  return serviceUid === null ? null : { serviceUid };
}
