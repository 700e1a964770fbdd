import type { Mailing, MailingRecipientStatus, MailingStatus } from '@rapport/sdk';
import { StatusBadge } from '../../components/states.js';

// What the Mailings pages share: statuses in words, the query keys a change makes stale, and the
// progress of a mailing being sent.

/** Refetched after a mailing or a folder changes (list, one mailing, folders, recipients, audience). */
export const MAILING_KEYS = [['api', '/mailings'], ['api', '/mailings/{id}'], ['api', '/mailingfolders'], ['api', '/mailings/{id}/recipients'], ['api', 'mailing']] as const;

export const MAILING_STATUSES: readonly MailingStatus[] = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'];
export const RECIPIENT_STATUSES: readonly MailingRecipientStatus[] = ['pending', 'sent', 'failed', 'bounced', 'suppressed'];

const STATUS_WORDS: Record<MailingStatus, string> = {
  draft: 'being written: nothing is sent until it is sent or scheduled',
  scheduled: 'waiting for its time to be sent',
  sending: 'being sent now',
  paused: 'paused: nothing is sent until it is resumed',
  sent: 'sent to everyone it could reach',
  cancelled: 'cancelled: nothing more is sent',
};

export function MailingStatusBadge({ status }: { status: MailingStatus }) {
  return <StatusBadge status={status} />;
}

export const statusInWords = (status: MailingStatus): string => STATUS_WORDS[status];

/** Why a recipient was not sent to, in words (M5, M6); other reasons (an SMTP answer) as they are. */
const REASON_WORDS: Record<string, string> = {
  no_email: 'no e-mail address',
  blacklisted: 'the address is on the e-mail blacklist',
  mailing_disabled: 'does not accept mailings (unsubscribed, or set so)',
  duplicate: 'another customer with the same address gets the one message',
  unsubscribe: 'unsubscribed',
  bounce: 'the address bounced',
};

export const reasonInWords = (reason: string | null): string => (reason === null ? '—' : (REASON_WORDS[reason] ?? reason));

/** The recipients a sender has finished with (sent, failed, bounced or suppressed) out of all. */
export function progressOf(mailing: Mailing): { done: number; total: number } {
  const { stats } = mailing;
  return { done: stats.sent + stats.failed + stats.bounced + stats.suppressed, total: stats.recipients };
}

/** Read again every 2 s while it is scheduled or sending, so the page follows it. */
export const followsSending = (status: MailingStatus | undefined): boolean => status === 'scheduled' || status === 'sending';
