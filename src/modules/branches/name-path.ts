import { decodeBase64Text } from '../../lib/base64-id.js';

// P4: in `PUT /branches/{name}` the platform client sends `base64_encode(name)` without URL-encoding
// it, so the identifier may contain `/`, `+` and `=` and is the whole rest of the path. The router
// drops a trailing slash (G1) before matching, which would eat the last character of a base64 text
// ending in `/`; so the identifier is read from the raw URL instead, and both readings are tried:
// the whole rest first, then the rest without its trailing slash.

const MARKER = '/branches/';

/**
 * The branch names the request path may mean, most likely first (at most two; none when no reading
 * is base64 of UTF-8 text). `wildcard` is the router's `*` parameter, used only if the raw path does
 * not show the marker literally.
 */
export function branchNameCandidates(rawUrl: string, wildcard: string): string[] {
  const path = rawUrl.split('?')[0] ?? '';
  const at = path.indexOf(MARKER);
  let rest: string;
  try {
    rest = at === -1 ? wildcard : decodeURIComponent(path.slice(at + MARKER.length));
  } catch {
    return [];
  }
  const readings = rest.endsWith('/') ? [rest, rest.slice(0, -1)] : [rest];
  const names: string[] = [];
  for (const reading of readings) {
    const name = decodeBase64Text(reading);
    if (name !== null && !names.includes(name)) names.push(name);
  }
  return names;
}
