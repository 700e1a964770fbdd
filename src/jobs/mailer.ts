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
 * An SMTP mailer for SMTP_URL (smtp:// or smtps://), or null when none is configured. nodemailer
 * (and the TLS, DNS and child-process modules it loads) is loaded with the first message, not at
 * start: a server that sends no mail does not pay for it (cold start, docs/benchmarks.md).
 */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  let transport: Promise<Transporter> | undefined;
  const connected = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async send(mail) {
      await (await connected()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      void transport?.then((opened) => opened.close(), () => undefined); // a failed start has nothing to close
    },
  };
}
