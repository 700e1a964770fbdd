import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
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
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      const refusal = (code: number, text: string) => Object.assign(new Error(text), { responseCode: code });
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
