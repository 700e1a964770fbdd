import type { Transporter } from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one message or throws; the outbox decides about retries. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * How long one message may wait on the SMTP server: for the connection, for its greeting, and for
 * any answer after that. nodemailer's own defaults (2 minutes, 30 s, 10 minutes) would keep
 * `POST /account/people`, which waits for the server before answering `emailed`, hanging for
 * minutes behind a server that accepts the connection and never speaks.
 */
export const SMTP_TIMEOUT_MS = 10_000;

export interface MailerOptions {
  /** Overrides SMTP_TIMEOUT_MS (tests use a short one). */
  timeoutMs?: number;
}

/**
 * An SMTP mailer for SMTP_URL (smtp:// or smtps://), or null when none is configured. nodemailer
 * (and the TLS, DNS and child-process modules it loads) is loaded with the first message, not at
 * start: a server that sends no mail does not pay for it (cold start, docs/benchmarks.md).
 */
export function createMailer(smtpUrl: string | undefined, from: string, options: MailerOptions = {}): Mailer | null {
  if (!smtpUrl) return null;
  const timeoutMs = options.timeoutMs ?? SMTP_TIMEOUT_MS;
  let transport: Promise<Transporter> | undefined;
  const connected = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs }),
    ));
  return {
    async send(mail) {
      await (await connected()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      void transport?.then((opened) => opened.close(), () => undefined); // a failed start has nothing to close
    },
  };
}
