import { randomBytes } from 'node:crypto';
import { encodeWords, foldLines, isPlainText, quoteString } from 'nodemailer/lib/mime-funcs';
import { encode as quotedPrintable, wrap } from 'nodemailer/lib/qp';

// M6: a mailing message as MIME, built as one string: multipart/alternative with a plain and an
// HTML part, quoted-printable, headers in RFC 2047 encoded words where they need it. The encoding is
// nodemailer's own (its quoted-printable and encoded-word functions); only the assembly is here,
// because nodemailer's MailComposer builds the same two parts through a stream pipeline per part
// that costs 0.5 ms of CPU a message, a third of all a send costs (docs/benchmarks.md). Anything
// this does not cover (an address that is not ASCII) goes through MailComposer instead.

/** A mailing message as the sender renders it for one recipient. */
export interface MimeInput {
  from: { name: string | null; address: string };
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  date?: Date;
}

const ASCII_ADDRESS = /^[\x21-\x7e]+@[\x21-\x7e]+$/;
/** An address's display name that needs no quoting: atoms and spaces (RFC 5322 atext). */
const ATOMS = /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]*$/;

/** Whether `compose` can build this message; otherwise nodemailer's MailComposer builds it. */
export function composable(message: MimeInput): boolean {
  return [message.from.address, message.to, message.replyTo ?? 'a@b'].every((address) => ASCII_ADDRESS.test(address));
}

function mailbox(given: string | null, address: string): string {
  const name = (given ?? '').replace(/[\r\n]+/g, ' ').trim();
  if (!name) return address;
  const display = !isPlainText(name) ? encodeWords(name, 'Q', 52, true) : ATOMS.test(name) ? name : quoteString(name);
  return `${display} <${address}>`;
}

function header(key: string, value: string): string {
  // Control characters never reach a header: a line break in a value would start another header.
  const clean = value.replace(/[\r\n]+/g, ' ');
  const encoded = isPlainText(clean) ? clean : encodeWords(clean, 'Q', 52);
  return foldLines(`${key}: ${encoded}`, 76);
}

function part(type: 'text/plain' | 'text/html', body: string): string {
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n${wrap(quotedPrintable(body.replace(/\r?\n/g, '\r\n')), 76)}`;
}

/** The whole message, CRLF line ends, ready to be handed to the SMTP pool raw. */
export function compose(message: MimeInput): string {
  const boundary = `--_rapport_${randomBytes(12).toString('hex')}`;
  const lines = [
    `From: ${mailbox(message.from.name, message.from.address)}`,
    `To: ${message.to}`,
    ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    header('Subject', message.subject),
    `Message-ID: ${message.messageId}`,
    `Date: ${(message.date ?? new Date()).toUTCString().replace(/GMT/, '+0000')}`,
    ...Object.entries(message.headers).map(([key, value]) => header(key, value)),
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  return (
    `${lines.join('\r\n')}\r\n\r\n` +
    `--${boundary}\r\n${part('text/plain', message.text)}\r\n` +
    `--${boundary}\r\n${part('text/html', message.html)}\r\n` +
    `--${boundary}--\r\n`
  );
}
