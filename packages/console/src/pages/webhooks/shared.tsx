import { WEBHOOK_ALL_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventFilter, type WebhookEventType } from '@rapport/sdk';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { GroupError, useFieldError } from '../../components/form.js';
import { StatusBadge } from '../../components/states.js';

// What the Webhooks pages share: the event picker, an endpoint's events in words, its status, the
// secret shown once (with its copy button), and the query keys a change makes stale.

/** Refetched after an endpoint is created, changed, rotated or deleted, or a message sent. */
export const WEBHOOK_KEYS = [['api', '/webhooks'], ['api', '/webhooks/{id}'], ['api', '/webhooks/{id}/deliveries']] as const;

/** W2's event types in words, for the picker. */
const EVENT_WORDS: Record<WebhookEventType, string> = {
  'user.created': 'a customer is created',
  'user.updated': 'a customer’s profile changes',
  'user.deleted': 'a customer is deleted',
  'points.changed': 'a customer’s points change',
  'purchase.created': 'a purchase is recorded',
  'purchase.updated': 'a purchase changes',
  'purchase.deleted': 'a purchase is deleted',
  'user_event.created': 'a customer’s event is recorded',
  'abandoned_cart.created': 'a cart is abandoned',
  'coupon.assigned': 'a coupon is assigned to a customer',
  'blacklist.changed': 'the e-mail or telephone blacklist changes',
  'request.finished': 'a background request finishes',
  'mailing.finished': 'a mailing has been sent to everyone',
  'email.unsubscribed': 'a customer unsubscribes from mailings',
  'email.bounced': 'a mailing bounces for a customer’s address',
  'segment.entered': 'a customer enters a segment',
  'segment.exited': 'a customer leaves a segment',
};

/** The picker's state: every event (`*`, those added later too), or some types. */
export interface EventChoice {
  all: boolean;
  types: WebhookEventType[];
}

export const choiceOf = (events: readonly string[]): EventChoice => ({
  all: events.includes(WEBHOOK_ALL_EVENTS),
  types: WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type)),
});

export const eventsOf = (choice: EventChoice): WebhookEventFilter[] => (choice.all ? [WEBHOOK_ALL_EVENTS] : choice.types);

/** What a form says before it sends an endpoint with no event. */
export const checkEvents = (choice: EventChoice): string | null => (choice.all || choice.types.length > 0 ? null : 'Choose at least one event, or All events.');

/** An endpoint's events for a list: "All events", or the types. */
export function EventsSummary({ events }: { events: readonly string[] }) {
  if (events.includes(WEBHOOK_ALL_EVENTS)) return <>All events</>;
  return (
    <ul className="tags">
      {events.map((event) => (
        <li key={event}>
          <code>{event}</code>
        </li>
      ))}
    </ul>
  );
}

/** enabled / disabled as a badge. */
export const EndpointStatus = ({ status }: { status: string }) => <StatusBadge status={status} />;

/** The events an endpoint is sent: All events, or some of W2's types (checkboxes, inside a <Form>). */
export function EventPicker({ choice, onChange }: { choice: EventChoice; onChange: (choice: EventChoice) => void }) {
  const error = useFieldError('events');
  const errorId = useId();
  const toggle = (type: WebhookEventType, on: boolean) =>
    onChange({ ...choice, types: WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? on : choice.types.includes(t))) });
  return (
    <fieldset className={`event-picker${error ? ' field-invalid' : ''}`} data-field="events" aria-describedby={error ? errorId : undefined}>
      <legend>Events</legend>
      <label className="check">
        <input
          type="checkbox"
          name="events_all"
          checked={choice.all}
          onChange={(e) => onChange({ ...choice, all: e.target.checked })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <span>
          <strong>All events</strong> <span className="muted">— every type below, and those Rapport adds later (*)</span>
        </span>
      </label>
      <div className="event-types">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label className="check" key={type}>
            <input type="checkbox" name="events" value={type} checked={choice.all || choice.types.includes(type)} disabled={choice.all} onChange={(e) => toggle(type, e.target.checked)} />
            <span>
              <code>{type}</code> <span className="muted">{EVENT_WORDS[type]}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="hint">Whatever is chosen, “Send a test message” sends a webhook.test message.</p>
      <GroupError id={errorId} error={error} />
    </fieldset>
  );
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A signing secret, shown this once: a read-only box (selected on focus), a copy button, and the
 * warning that it will not be shown again. `children` says more (a rotation's overlap).
 */
export function SecretOnce({ secret, title, children, onDismiss }: { secret: string; title: string; children?: ReactNode; onDismiss: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLElement>(null);
  const id = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  // It appears away from the button that made it: brought into view, and the focus moved to it.
  useEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
    box.current?.focus();
  }, [secret]);
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard permission (or no secure context): the old way, from the selected box.
      input.current?.select();
      setCopy(document.execCommand('copy') ? 'copied' : 'failed');
    }
  };
  return (
    <section ref={box} tabIndex={-1} className="secret-once" aria-labelledby={`${id}-title`} data-testid="webhook-secret">
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="secret-warning">
        <strong>Copy it now: it will not be shown again.</strong> Rapport keeps it only to sign messages. Put it in the receiver’s configuration; if it is
        lost, rotate the secret to get a new one.
      </p>
      {children}
      <div className="secret-row">
        <label htmlFor={id} className="visually-hidden">
          Signing secret
        </label>
        <input id={id} ref={input} className="secret-value" readOnly value={secret} spellCheck={false} autoComplete="off" onFocus={(e) => e.target.select()} />
        <button type="button" className="primary" onClick={() => void copySecret()}>
          Copy secret
        </button>
      </div>
      <p role="status" className={copy === 'failed' ? 'field-error' : 'notice-inline'}>
        {copy === 'copied' ? 'Copied to the clipboard.' : copy === 'failed' ? 'The browser did not let the console copy it: select the secret and copy it by hand.' : ''}
      </p>
      <div className="actions">
        <button type="button" onClick={onDismiss}>
          I have kept it: hide the secret
        </button>
      </div>
    </section>
  );
}
