// U3, P1, P4: a text identifier travels in the path as its base64. The server accepts standard
// base64 (URL-encoded) and URL-safe base64 with or without padding; URL-safe without padding needs
// no escaping at all, so that is what these send.

/** The UTF-8 bytes of `text` as URL-safe base64 without padding. */
export function encodeBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The text a base64 identifier (any of the accepted encodings) stands for. */
export function decodeBase64Url(id: string): string {
  const standard = decodeURIComponent(id).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard.padEnd(standard.length + ((4 - (standard.length % 4)) % 4), '='));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/**
 * The `{id}` of `/users/{id}` (U3): a number is the `userapp_id`; a string is always a `service_uid`
 * and is sent as its base64 — so a `service_uid` made of digits is never taken for a `userapp_id`.
 */
export function encodeUserRef(ref: number | string): string {
  if (typeof ref === 'number') {
    if (!Number.isSafeInteger(ref) || ref < 1) throw new RangeError(`a userapp_id is a positive integer, got ${ref}`);
    return String(ref);
  }
  return encodeBase64Url(ref);
}

/** The `{sku}` of `/products/{sku}` (P1). */
export const encodeSku = (sku: string): string => encodeBase64Url(sku);

/** The `{id}` of `PUT /branches/{id}`: the branch name's base64 (P4). */
export const encodeBranchName = (name: string): string => encodeBase64Url(name);
