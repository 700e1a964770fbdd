import { createHash, createVerify } from 'node:crypto';

// A DKIM check (RFC 6376) of one received message against a public key, for tests: relaxed/relaxed
// canonicalization with rsa-sha256, which is what nodemailer signs with. No DNS: the key is given.

function tags(value: string): Map<string, string> {
  return new Map(value.split(';').map((part) => part.trim()).filter(Boolean).map((part) => {
    const at = part.indexOf('=');
    return [part.slice(0, at).trim(), part.slice(at + 1).replace(/\s+/g, '')] as [string, string];
  }));
}

const relaxedHeader = (name: string, value: string) => `${name.toLowerCase()}:${value.replace(/\r\n/g, '').replace(/[ \t]+/g, ' ').trim()}`;

function relaxedBody(body: string): string {
  const lines = body.split('\r\n').map((line) => line.replace(/[ \t]+/g, ' ').replace(/ $/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.length === 0 ? '' : `${lines.join('\r\n')}\r\n`;
}

export interface DkimResult {
  domain: string;
  selector: string;
  bodyHashMatches: boolean;
  signatureVerifies: boolean;
}

/** Checks the message's DKIM-Signature; undefined when it has none. */
export function checkDkim(raw: string, publicKeyPem: string): DkimResult | undefined {
  const message = raw.replace(/\r?\n/g, '\r\n');
  const split = message.indexOf('\r\n\r\n');
  const head = message.slice(0, split);
  const body = message.slice(split + 4);
  const headers = head.split(/\r\n(?![ \t])/).map((line) => {
    const colon = line.indexOf(':');
    return { name: line.slice(0, colon), value: line.slice(colon + 1) };
  });
  const signature = headers.find((h) => h.name.toLowerCase() === 'dkim-signature');
  if (!signature) return undefined;
  const t = tags(signature.value);
  const bodyHash = createHash('sha256').update(relaxedBody(body)).digest('base64');
  // Signed headers, each taken from the bottom up as RFC 6376 §5.4.2 says, then the signature's own header without b=.
  const used = new Map<string, number>();
  const signed = (t.get('h') ?? '').split(':').map((name) => {
    const matching = headers.filter((h) => h.name.toLowerCase() === name.toLowerCase() && h !== signature);
    const index = matching.length - 1 - (used.get(name.toLowerCase()) ?? 0);
    used.set(name.toLowerCase(), (used.get(name.toLowerCase()) ?? 0) + 1);
    return index >= 0 ? `${relaxedHeader(matching[index]!.name, matching[index]!.value)}\r\n` : '';
  });
  const unsigned = relaxedHeader(signature.name, signature.value.replace(/\bb=[^;]*/, 'b='));
  const verifier = createVerify('RSA-SHA256');
  verifier.update(signed.join('') + unsigned);
  return {
    domain: t.get('d') ?? '',
    selector: t.get('s') ?? '',
    bodyHashMatches: t.get('bh') === bodyHash,
    signatureVerifies: verifier.verify(publicKeyPem, t.get('b') ?? '', 'base64'),
  };
}
