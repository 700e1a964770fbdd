import { useCanChange } from '../api/session.js';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ErrorText, Loading } from './states.js';
import { formatCount } from '../lib/format.js';

// Destructive actions ask first and show what they would remove: the same call with
// `dry_run=true` answers {dry_run: true, would_delete: {...counts}} and changes nothing. The
// dialog is the native <dialog> (modal: focus stays inside, Escape cancels, focus returns), and its
// confirm button names the count ("Delete 1,234 entries"), so nobody confirms blind.

export interface DryRunAnswer {
  dry_run: true;
  would_delete: Record<string, unknown>;
}

export interface DryRunDialogOptions<A extends DryRunAnswer = DryRunAnswer> {
  title: string;
  /** What the action does, in a sentence. */
  description?: ReactNode;
  /** The call with dry_run=true (its init must type-check with `dry_run`: see isDryRun). */
  preview: () => Promise<unknown>;
  /** The real call. */
  run: () => Promise<unknown>;
  /** The confirm button: a text, or one made from the dry run (to name its count). Default: "Delete N …". */
  confirmLabel?: string | ((answer: A) => string);
  /** The confirm button while the real call runs. */
  busyLabel?: string;
  /** What the dialog says while the dry run runs. */
  checkingLabel?: string;
  /** More about the dry run's answer, under its counts (e.g. an upload's lines). */
  details?: (answer: A) => ReactNode;
  /** A reason the action cannot go ahead after this dry run (the confirm button stays disabled), or null. */
  blocked?: (answer: A) => string | null;
  /** Shown while the dry run or the real call runs (e.g. an upload's progress bar). */
  progress?: ReactNode;
  /** Query keys to refetch once the real call succeeded, e.g. [['api', '/categories']]. */
  invalidate?: QueryKey[];
  onDone?: (result: unknown, answer: A) => void;
  /** Called when the person closes the dialog while a call runs (e.g. to abort an upload). */
  onCancel?: () => void;
  /** Allow confirming when the dry run would delete nothing (a replacement that also adds). */
  allowNothing?: boolean;
}

/**
 * What the API's counts (named by its tables, `users`, `ledger_entries`) count, in people's words,
 * one and many; any other key is its words.
 */
const COUNTED: Record<string, readonly [string, string]> = {
  users: ['customer profile', 'customer profiles'],
  user_events: ['user event', 'user events'],
  purchase_items: ['purchased item', 'purchased items'],
  ledger_entries: ['points movement', 'points movements'],
  family_members: ['family member', 'family members'],
  abandoned_carts: ['abandoned cart', 'abandoned carts'],
  products_uncategorised: ['product left without this category', 'products left without this category'],
  purchases_unassigned: ['purchase left without a branch', 'purchases left without a branch'],
};

const words = (key: string) => COUNTED[key]?.[1] ?? key.replace(/_/g, ' ');

/** "would delete: 12 categories, 1 customer profile" as a list; counts only, other values as text. */
function WouldDelete({ counts }: { counts: Record<string, unknown> }) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p>Nothing would be deleted.</p>;
  return (
    <ul className="would-delete" data-testid="would-delete">
      {entries.map(([key, value]) => (
        <li key={key}>{typeof value === 'number' ? counted(key, value) : `${words(key)}: ${String(value)}`}</li>
      ))}
    </ul>
  );
}

/** The answer of a call made with dry_run=true: `{dry_run: true, would_delete: {...}}`. */
export function isDryRun(answer: unknown): answer is DryRunAnswer {
  const record = answer as Partial<DryRunAnswer> | null;
  return typeof record === 'object' && record !== null && record.dry_run === true && typeof record.would_delete === 'object' && record.would_delete !== null;
}

const nothing = (counts: Record<string, unknown>) => Object.values(counts).every((v) => v === 0);

/** A plural English word as one: categories → category, branches → branch, events → event. */
const singular = (word: string) => (/ies$/.test(word) ? word.replace(/ies$/, 'y') : /(ch|sh|x|ss)es$/.test(word) ? word.replace(/es$/, '') : /[^s]s$/.test(word) ? word.slice(0, -1) : word);

/** "3 categories", "1 user event": a count and what it counts (an API key, `user_events`). */
export function counted(key: string, count: number): string {
  const one = COUNTED[key]?.[0] ?? key.split('_').map(singular).join(' ');
  return `${formatCount(count)} ${count === 1 ? one : words(key)}`;
}

/** "Delete 12 categories and 3 products uncategorised": the counts as the confirm button's words. */
export function deleteLabel(counts: Record<string, unknown>): string {
  const parts = Object.entries(counts)
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([key, value]) => counted(key, value as number));
  if (parts.length === 0) return 'Delete';
  return `Delete ${parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`}`;
}

type Step<A> =
  | { step: 'closed' }
  | { step: 'previewing' }
  | { step: 'ready'; answer: A }
  | { step: 'running'; answer: A }
  | { step: 'failed'; error: unknown; answer?: A };

/**
 * The dry-run dialog, opened by `open()` from anything (a button, a form's submit): it runs the
 * dry run, shows its counts, and runs the real call on confirmation. Render `dialog` somewhere.
 */
export function useDryRunDialog<A extends DryRunAnswer = DryRunAnswer>(options: DryRunDialogOptions<A>): { open: () => void; dialog: ReactNode; busy: boolean } {
  const { title, description, preview, run, confirmLabel, busyLabel = 'Deleting…', checkingLabel = 'Checking what would be deleted…', details, blocked, progress, invalidate = [], onDone, onCancel, allowNothing = false } = options;
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<Step<A>>({ step: 'closed' });
  const stateRef = useRef(state);
  stateRef.current = state;

  const open = async () => {
    setState({ step: 'previewing' });
    dialog.current?.showModal();
    try {
      const answer = await preview();
      if (!isDryRun(answer)) throw new Error('The server did not answer with a preview (dry_run), so this action cannot be checked first.');
      if (stateRef.current.step === 'closed') return;
      setState({ step: 'ready', answer: answer as A });
    } catch (error) {
      if (stateRef.current.step === 'closed') return;
      setState({ step: 'failed', error });
    }
  };
  const close = () => {
    const running = stateRef.current.step === 'previewing' || stateRef.current.step === 'running';
    dialog.current?.close();
    setState({ step: 'closed' });
    if (running) onCancel?.();
  };
  const confirm = async () => {
    if (state.step !== 'ready') return;
    const { answer } = state;
    setState({ step: 'running', answer });
    try {
      const result = await run();
      dialog.current?.close();
      setState({ step: 'closed' });
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone?.(result, answer);
    } catch (error) {
      if (stateRef.current.step === 'closed') return;
      setState({ step: 'failed', error, answer });
    }
  };
  useEffect(() => {
    const element = dialog.current;
    // Escape closes the native dialog: the same as Cancel.
    const onClose = () => {
      if (stateRef.current.step === 'closed') return;
      const running = stateRef.current.step === 'previewing' || stateRef.current.step === 'running';
      setState({ step: 'closed' });
      if (running) onCancel?.();
    };
    element?.addEventListener('close', onClose);
    return () => element?.removeEventListener('close', onClose);
  }, [onCancel]);

  const answer = state.step === 'ready' || state.step === 'running' ? state.answer : state.step === 'failed' ? state.answer : undefined;
  const reason = answer && blocked ? blocked(answer) : null;
  const label = answer ? (typeof confirmLabel === 'function' ? confirmLabel(answer) : (confirmLabel ?? deleteLabel(answer.would_delete))) : typeof confirmLabel === 'string' ? confirmLabel : 'Delete';
  const element = (
    <dialog ref={dialog} aria-labelledby={titleId} className="dialog">
      {state.step !== 'closed' ? (
        <div className="dialog-body">
          <h2 id={titleId}>{title}</h2>
          {description ? <p>{description}</p> : null}
          {state.step === 'previewing' ? <Loading label={checkingLabel} /> : null}
          {(state.step === 'previewing' || state.step === 'running') && progress ? progress : null}
          {answer ? (
            <>
              <p>This would delete:</p>
              <WouldDelete counts={answer.would_delete} />
              {details ? details(answer) : null}
            </>
          ) : null}
          {reason ? (
            <p className="error-note" role="alert">
              {reason}
            </p>
          ) : null}
          {state.step === 'failed' ? (
            <p className="error-note" role="alert">
              <ErrorText error={state.error} />
            </p>
          ) : null}
          <div className="actions">
            <button type="button" onClick={close}>
              Cancel
            </button>
            <button
              type="button"
              className="danger"
              data-testid="confirm-dry-run"
              onClick={() => void confirm()}
              disabled={state.step !== 'ready' || reason !== null || (nothing(state.answer.would_delete) && !allowNothing)}
              aria-busy={state.step === 'running' || undefined}
            >
              {state.step === 'running' ? busyLabel : label}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
  return { open: () => void open(), dialog: element, busy: state.step === 'previewing' || state.step === 'running' };
}

export interface ConfirmDryRunProps extends DryRunDialogOptions {
  /** The button that opens the dialog (e.g. "Delete all categories"). */
  label: string;
  disabled?: boolean;
}

/** A button that opens the dry-run dialog. */
export function ConfirmDryRun({ label, disabled, ...options }: ConfirmDryRunProps) {
  const { open, dialog } = useDryRunDialog(options);
  if (!useCanChange()) return null;
  return (
    <>
      <button type="button" className="danger" onClick={open} disabled={disabled}>
        {label}
      </button>
      {dialog}
    </>
  );
}

export interface ConfirmActionProps {
  /** The button that opens the dialog (e.g. "Cancel sending"). */
  label: string;
  title: string;
  /** What happens, and what cannot be undone. */
  description: ReactNode;
  /** The dialog's confirm button, naming the action ("Cancel the mailing"). */
  confirmLabel: string;
  busyLabel?: string;
  run: () => Promise<unknown>;
  /** Query keys to refetch once the call succeeded. */
  invalidate?: QueryKey[];
  onDone?: (result: unknown) => void;
  disabled?: boolean;
}

/**
 * A button that asks first, for an action that is not a deletion (nothing to count with a dry run):
 * the native <dialog>, its description, Back and a confirm button naming the action; an error of
 * the call is shown in the dialog.
 */
export function ConfirmAction({ label, title, description, confirmLabel, busyLabel = 'Working…', run, invalidate = [], onDone, disabled }: ConfirmActionProps) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const canChange = useCanChange();
  const confirm = async () => {
    setState({ busy: true, error: null });
    try {
      const result = await run();
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      setState({ busy: false, error: null });
      dialog.current?.close();
      onDone?.(result);
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  if (!canChange) return null;
  return (
    <>
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => {
          setState({ busy: false, error: null });
          dialog.current?.showModal();
        }}
      >
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="dialog">
        <div className="dialog-body">
          <h2 id={titleId}>{title}</h2>
          <p>{description}</p>
          {state.error ? (
            <p className="error-note" role="alert">
              <ErrorText error={state.error} />
            </p>
          ) : null}
          <div className="actions">
            <button type="button" onClick={() => dialog.current?.close()}>
              Back
            </button>
            <button type="button" className="danger" onClick={() => void confirm()} disabled={state.busy} aria-busy={state.busy || undefined}>
              {state.busy ? busyLabel : confirmLabel}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
