import type { Customer } from '../../api/customers.js';
import type { Mailing, MailingAudience } from '@rapport/sdk';
import { useState } from 'react';
import { useApiMutation, useApiQuery } from '../../api/queries.js';
import { useApi } from '../../api/session.js';
import { ConfirmAction } from '../../components/confirm.js';
import { Form, SubmitButton, TextField } from '../../components/form.js';
import { Section } from '../../components/layout.js';
import { ErrorNote, QueryView } from '../../components/states.js';
import { showDateTime } from '../../lib/dates.js';
import { problems } from '../../lib/validate.js';
import { fromLocalInput } from '../catalogue/shared.js';
import { MAILING_KEYS, progressOf } from './shared.js';
import { Changes } from '../../components/access.js';
import { formatCount, zoneName } from '../../lib/format.js';

// Sending (M4–M7): who it will reach (GET /mailings/{id}/audience, Rapport's own), a test send,
// Send now and Schedule; while scheduled or sending, its progress (read every 2 s by the page),
// Pause, Resume and Cancel (after a confirmation); then its statistics.

const n = (value: number) => formatCount(value);

function AudienceFigures({ audience }: { audience: MailingAudience }) {
  const { suppressed } = audience;
  const reasons = [
    [suppressed.no_email, 'without an e-mail'],
    [suppressed.blacklisted, 'on the e-mail blacklist'],
    [suppressed.mailing_disabled, 'who do not accept mailings'],
    [suppressed.duplicate, 'sharing an address with another member'],
  ] as const;
  const left = audience.members - audience.receivable;
  return (
    <div data-testid="mailing-audience">
      <p className="balance">
        <strong data-testid="audience-receivable">{n(audience.receivable)}</strong> of {n(audience.members)} {audience.members === 1 ? 'customer' : 'customers'} in the segment would
        receive it now{left > 0 ? `; ${n(left)} would not:` : '.'}
      </p>
      {left > 0 ? (
        <ul data-testid="audience-suppressed">
          {reasons
            .filter(([count]) => count > 0)
            .map(([count, why]) => (
              <li key={why}>
                {n(count)} {why}
              </li>
            ))}
        </ul>
      ) : null}
      <p className="hint">Counted now; the audience is fixed when sending starts (customers who join, leave or unsubscribe before then change it).</p>
    </div>
  );
}

export function Audience({ mailing }: { mailing: Mailing }) {
  const audience = useApiQuery(['mailing', mailing.id, 'audience', mailing.updatetime], (api) => api.mailings.audience(mailing.id), { enabled: mailing.segment_id !== null });
  return (
    <Section title="Audience" id="audience">
      {mailing.segment_id === null ? (
        <p className="state state-empty">Choose a segment in the form below and save: then you see how many customers it reaches.</p>
      ) : (
        <QueryView query={audience} loading="Counting the audience…">
          {(data) => <AudienceFigures audience={data} />}
        </QueryView>
      )}
    </Section>
  );
}

export function TestSend({ mailing, customer }: { mailing: Mailing; customer: Customer | null }) {
  const [emails, setEmails] = useState('');
  const [sent, setSent] = useState<string[] | null>(null);
  const addresses = emails
    .split(/[\s,;]+/)
    .map((e) => e.trim())
    .filter(Boolean);
  const test = useApiMutation((api, list: string[]) => api.mailings.test(mailing.id, list, customer?.userapp_id), { onSuccess: (answer) => setSent(answer.sent) });
  return (
    <Section title="Test send" id="test">
      <Form
        changes
        label="Send a test"
        className="form-inline"
        error={test.error}
        validate={() => problems({ emails: addresses.length === 0 ? 'Type one or more e-mail addresses, separated by commas.' : addresses.length > 10 ? 'Give at most 10 addresses.' : null })}
        onSubmit={() => {
          setSent(null);
          test.mutate(addresses);
        }}
      >
        <TextField
          label="Send a test to"
          name="emails"
          type="text"
          inputMode="email"
          value={emails}
          onValue={setEmails}
          hint="1 to 10 addresses, separated by commas. “[Test]” goes before the subject, rendered as the preview; it counts in no statistic."
        />
        <SubmitButton busy={test.isPending} busyLabel="Sending…" className="">
          Send test
        </SubmitButton>
      </Form>
      {sent ? (
        <p className="notice" role="status" data-testid="test-sent">
          The test was sent to {sent.join(', ')}.
        </p>
      ) : null}
    </Section>
  );
}

function SendNow({ mailing, audience }: { mailing: Mailing; audience: MailingAudience | undefined }) {
  const api = useApi();
  const [at, setAt] = useState('');
  const schedule = useApiMutation((client, sendAt: string) => client.mailings.send(mailing.id, { sendAt }), { invalidate: [...MAILING_KEYS] });
  const who = audience ? `${n(audience.receivable)} ${audience.receivable === 1 ? 'customer' : 'customers'}` : 'the segment’s members';
  return (
    <>
      <div className="actions">
        <ConfirmAction
          label="Send now"
          title="Send this mailing now"
          description={
            <>
              “{mailing.subject}” goes to {who} now (the segment’s members as of this moment, without those who cannot receive it). It can be paused or
              cancelled while it is sent, not called back.
            </>
          }
          confirmLabel={`Send to ${who}`}
          busyLabel="Starting…"
          run={() => api.mailings.send(mailing.id)}
          invalidate={[...MAILING_KEYS]}
        />
      </div>
      <Form
        changes
        label="Schedule the mailing"
        className="form-inline"
        error={schedule.error}
        validate={() => problems({ send_at: at === '' ? 'Choose the day and time to send it.' : null })}
        onSubmit={() => schedule.mutate(fromLocalInput(at))}
      >
        <TextField label="Send at" name="send_at" type="datetime-local" value={at} onValue={setAt} hint={`Time in ${zoneName()}. The audience is fixed at that moment.`} />
        <SubmitButton busy={schedule.isPending} busyLabel="Scheduling…" className="">
          Schedule
        </SubmitButton>
      </Form>
    </>
  );
}

function Progress({ mailing }: { mailing: Mailing }) {
  const { done, total } = progressOf(mailing);
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const { stats } = mailing;
  return (
    <div className="upload-progress" data-testid="mailing-progress">
      <progress aria-label="Sending progress" max={Math.max(total, 1)} value={total === 0 ? 1 : done} />
      <span role="status" aria-live="polite">
        {n(done)} of {n(total)} done ({percent}%): {n(stats.sent)} sent, {n(stats.bounced)} bounced, {n(stats.failed)} failed, {n(stats.suppressed)} not sent
        (suppressed){stats.pending > 0 ? `, ${n(stats.pending)} to go` : ''}.
      </span>
    </div>
  );
}

export function Statistics({ mailing }: { mailing: Mailing }) {
  const { stats } = mailing;
  const figures = [
    ['recipients', 'Recipients', stats.recipients],
    ['sent', 'Sent', stats.sent],
    ['bounced', 'Bounced', stats.bounced],
    ['failed', 'Failed', stats.failed],
    ['suppressed', 'Suppressed', stats.suppressed],
    ['opened', 'Opened', stats.opened],
    ['clicked', 'Clicked', stats.clicked],
    ['unsubscribed', 'Unsubscribed', stats.unsubscribed],
  ] as const;
  return (
    <ul className="cards" data-testid="mailing-stats" aria-label="Statistics">
      {figures.map(([key, label, value]) => (
        <li className="card" key={key} data-stat={key}>
          <span className="figure">{n(value)}</span>
          <span className="label">{label}</span>
        </li>
      ))}
    </ul>
  );
}

/** The sending controls for the mailing's status. */
export function Sending({ mailing }: { mailing: Mailing }) {
  const api = useApi();
  const audience = useApiQuery(['mailing', mailing.id, 'audience', mailing.updatetime], (client) => client.mailings.audience(mailing.id), {
    enabled: mailing.segment_id !== null && mailing.status === 'draft',
  });
  const act = useApiMutation((client, action: 'pause' | 'resume') => client.mailings[action](mailing.id), { invalidate: [...MAILING_KEYS] });
  const cancel = (
    <ConfirmAction
      label="Cancel the mailing"
      title="Cancel this mailing"
      description={<>Nothing more of “{mailing.name}” is sent; those not sent yet stay unsent. This cannot be undone (a copy can be sent later).</>}
      confirmLabel="Cancel the mailing"
      busyLabel="Cancelling…"
      run={() => api.mailings.cancel(mailing.id)}
      invalidate={[...MAILING_KEYS]}
    />
  );
  const started = mailing.started_at !== null;
  return (
    <Section title="Sending" id="sending">
      {act.error ? <ErrorNote error={act.error} /> : null}
      {mailing.status === 'draft' ? (
        mailing.segment_id === null ? (
          <p className="state state-empty">Choose a segment and save to send it.</p>
        ) : (
          <SendNow mailing={mailing} audience={audience.data} />
        )
      ) : null}
      {mailing.status === 'scheduled' ? <p data-testid="mailing-when">Scheduled for {showDateTime(mailing.send_at)}.</p> : null}
      {mailing.status === 'paused' && !started ? <p data-testid="mailing-when">Paused before its time ({showDateTime(mailing.send_at)}): resume it to keep it scheduled.</p> : null}
      {started ? <Progress mailing={mailing} /> : null}
      {started ? (
        <p className="hint">
          Started {showDateTime(mailing.started_at)}
          {mailing.finished_at ? `, finished ${showDateTime(mailing.finished_at)}` : ''}.
        </p>
      ) : null}
      {['scheduled', 'sending', 'paused'].includes(mailing.status) ? (
        <Changes>
          <div className="actions">
            {mailing.status === 'paused' ? (
              <button type="button" className="primary" onClick={() => act.mutate('resume')} disabled={act.isPending}>
                Resume
              </button>
            ) : (
              <button type="button" onClick={() => act.mutate('pause')} disabled={act.isPending}>
                Pause
              </button>
            )}
            {cancel}
          </div>
        </Changes>
      ) : null}
      {started ? <Statistics mailing={mailing} /> : null}
    </Section>
  );
}
