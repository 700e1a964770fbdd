// U3, P1, P4: identifiers in paths are the base64 of their text — standard base64 (URL-encoded by
// the client and decoded by the router, or sent raw with `/`, `+` and `=`), or URL-safe base64,
// padded or not.

/** The UTF-8 text a base64 path identifier encodes, or null when it encodes none (O4: then 404). */
export function decodeBase64Text(raw: string): string | null {
  const standard = raw.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (standard === '' || !/^[A-Za-z0-9+/]+$/.test(standard) || standard.length % 4 === 1) return null;
  const bytes = Buffer.from(standard, 'base64');
  // Reject text that is not canonical base64 of its bytes (stray bits).
  if (bytes.toString('base64').replace(/=+$/, '') !== standard) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  return text === '' || text.includes('\u0000') ? null : text;
}

/** Base64 of a text identifier, in the URL-safe unpadded form every endpoint accepts. */
export function encodeBase64Text(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}
