import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  /** The envelope's recipients as smtp-server reports them (an IDN domain sent as punycode reads as Unicode). */
  to: string[];
  /** Whether the client declared SMTPUTF8 (RFC 6531) in MAIL FROM. */
  smtpUtf8: boolean;
  subject: string;
  raw: string;
}

export interface SmtpReceiver {
  url: string;
  messages: ReceivedMail[];
  /** Rejects the next `count` messages with a temporary error (to exercise retries). */
  failNext(count: number): void;
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

function header(raw: string, name: string): string {
  const unfolded = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return match ? match[1]!.trim() : '';
}

export interface ReceiverOptions {
  /** Recipients refused at RCPT with 550 (a hard bounce). */
  refuse?: string[];
  /** Recipients refused at RCPT with 451 (try again later). */
  defer?: string[];
  /** Milliseconds each message waits before it is accepted (a slow receiver). */
  delayMs?: number;
  /**
   * false: SMTPUTF8 is not offered, and a recipient whose local part is not ASCII is refused with
   * 553 5.6.7 (RFC 6531), as a relay without it answers.
   */
  smtpUtf8?: boolean;
}

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives. */
export async function startSmtpReceiver(options: ReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let failures = 0;
  const refuse = new Set((options.refuse ?? []).map((a) => a.toLowerCase()));
  const defer = new Set((options.defer ?? []).map((a) => a.toLowerCase()));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    hideSMTPUTF8: options.smtpUtf8 === false,
    onRcptTo(address, session, callback) {
      const to = address.address.toLowerCase();
      const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
      if (options.smtpUtf8 === false && !session.envelope.smtpUtf8 && /[\u0080-\uffff]/.test(to.split('@')[0]!)) {
        return callback(refusal(553, `5.6.7 <${to}>: non-ASCII addresses are not permitted without SMTPUTF8`));
      }
      if (refuse.has(to)) return callback(refusal(550, `5.1.1 <${to}>: no such mailbox`));
      if (defer.has(to)) return callback(refusal(451, `4.2.1 <${to}>: mailbox busy, try again later`));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (failures > 0) {
          failures--;
          const error = new Error('try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          return callback(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const keep = () => messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          smtpUtf8: session.envelope.smtpUtf8 === true,
          subject: header(raw, 'Subject'),
          raw,
        });
        if (options.delayMs) {
          setTimeout(() => {
            keep();
            callback();
          }, options.delayMs);
          return;
        }
        keep();
        callback();
      });
    },
  });
  // A sender killed mid-conversation (kill -9) resets its connection: smtp-server reports it as an
  // 'error' event, which would otherwise be thrown and end the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    failNext(count) {
      failures = count;
    },
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, received ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A received message's text with quoted-printable soft breaks and escapes undone (links whole again). */
export function decoded(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first token of a public route (`o`, `c`, `u`, `v`: M8) under `publicUrl` in a decoded message. */
export function tokenIn(text: string, route: string, publicUrl = 'https://mail.example.org'): string | undefined {
  const base = publicUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${base}/m/${route}/([A-Za-z0-9._-]+)`).exec(text)?.[1];
}

/** RFC 2047 encoded words (Q or B, UTF-8) in a header value, decoded. */
export function decodeWords(value: string): string {
  return value.replace(/(\?=)\s+(=\?)/g, '$1$2').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, text: string) => {
    if (kind.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    return Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_q, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
  });
}

/** A received message read back: its headers (unfolded, encoded words decoded) and its parts' decoded text. */
export function readMessage(raw: string): { headers: Map<string, string>; rawHeaders: Map<string, string>; parts: Array<{ type: string; text: string }> } {
  const split = (text: string) => {
    const at = text.search(/\r?\n\r?\n/);
    return [text.slice(0, at), text.slice(at).replace(/^\r?\n\r?\n/, '')] as const;
  };
  const headersOf = (head: string) => {
    const out = new Map<string, string>();
    for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
      const colon = line.indexOf(':');
      out.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
    }
    return out;
  };
  const body = (headers: Map<string, string>, text: string) => {
    const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
    if (encoding === 'base64') return Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') {
      return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_q, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
    }
    return text;
  };
  const [head, rest] = split(raw);
  const rawHeaders = headersOf(head);
  const headers = new Map([...rawHeaders].map(([key, value]) => [key, decodeWords(value)]));
  const boundary = /boundary="?([^";]+)"?/.exec(rawHeaders.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? rest
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((part) => {
          const [partHead, partBody] = split(part.replace(/^\r?\n/, ''));
          const partHeaders = headersOf(partHead);
          return { type: (partHeaders.get('content-type') ?? '').split(';')[0]!.trim(), text: body(partHeaders, partBody.replace(/\r?\n$/, '')) };
        })
    : [{ type: (rawHeaders.get('content-type') ?? 'text/plain').split(';')[0]!.trim(), text: body(rawHeaders, rest) }];
  return { headers, rawHeaders, parts };
}
