import type { Transporter } from 'nodemailer';
import type { MimeInput } from './mime.js';

// M6: messages go out through nodemailer's SMTP pool (MAILING_CONCURRENCY connections, at most
// MAILING_RATE_PER_SECOND messages a second when set), DKIM-signed when configured. nodemailer is
// loaded with the first message: a process that sends no mailing does not pay for it.

/** One recipient's message, rendered. */
export type OutgoingMessage = MimeInput;

/**
 * What the SMTP server answered: `accepted`; `bounced` (a 5xx for the recipient: a hard bounce);
 * `rejected` (a 5xx for the message, not the address: failed, the address kept); `deferred` (a 4xx
 * or no answer: tried again later).
 */
export type SendOutcome = { kind: 'accepted' } | { kind: 'bounced' | 'rejected' | 'deferred'; answer: string };

export interface MailingTransport {
  send(message: OutgoingMessage): Promise<SendOutcome>;
  close(): void;
}

export interface TransportOptions {
  smtpUrl: string;
  concurrency: number;
  ratePerSecond: number;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
}

export function createMailingTransport(options: TransportOptions): MailingTransport {
  let transport: Promise<{ smtp: Transporter; compose: (mail: object) => Promise<Buffer>; mime: typeof import('./mime.js') }> | undefined;
  const open = () =>
    (transport ??= Promise.all([import('nodemailer'), import('nodemailer/lib/mail-composer'), import('./mime.js')]).then(([{ default: nodemailer }, { default: MailComposer }, mime]) => ({
      mime,
      smtp: nodemailer.createTransport({
        url: options.smtpUrl,
        pool: true,
        maxConnections: options.concurrency,
        maxMessages: Infinity,
        ...(options.ratePerSecond > 0 ? { rateDelta: 1000, rateLimit: options.ratePerSecond } : {}),
        ...(options.dkim ? { dkim: options.dkim } : {}),
      } as never),
      compose: (mail: object) => new MailComposer(mail as never).compile().build(),
    })));
  return {
    async send(message) {
      const { smtp, compose, mime } = await open();
      try {
        // The message is built whole first and handed over raw (DKIM-signed by the pool all the
        // same): streamed, the MIME tree reaches the socket as dozens of small writes (mime.ts).
        const raw = mime.composable(message)
          ? mime.compose(message)
          : await compose({
              from: message.from.name ? { name: message.from.name, address: message.from.address } : message.from.address,
              to: message.to,
              ...(message.replyTo ? { replyTo: message.replyTo } : {}),
              subject: message.subject,
              html: message.html,
              text: message.text,
              messageId: message.messageId,
              headers: message.headers,
            });
        await smtp.sendMail({ envelope: { from: message.from.address, to: [message.to] }, raw });
        return { kind: 'accepted' };
      } catch (error) {
        return classify(error);
      }
    },
    close() {
      void transport?.then((opened) => opened.smtp.close(), () => undefined);
    },
  };
}

function classify(error: unknown): SendOutcome {
  const { responseCode, command, response, message } = error as { responseCode?: number; command?: string; response?: string; message?: string };
  const answer = (response ?? message ?? String(error)).slice(0, 500);
  if (responseCode !== undefined && responseCode >= 500 && responseCode < 600) {
    // Only a refusal of the recipient's address is a hard bounce; a 5xx for the message (its
    // content, the sender) says nothing about the address and is not worth blacklisting it for.
    // Nor does 5.6.7 (RFC 6531): a non-ASCII address refused for want of SMTPUTF8 on the way.
    const ofAddress = /RCPT/i.test(command ?? '') && !/\b5\.6\.7\b/.test(answer);
    return ofAddress ? { kind: 'bounced', answer } : { kind: 'rejected', answer };
  }
  return { kind: 'deferred', answer };
}
