import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { messageOf } from '../api/errors.js';
import { Loading } from './states.js';

// Destructive actions ask first and show what they would remove: the same call with
// `dry_run=true` answers {dry_run: true, would_delete: {...counts}} and changes nothing. The
// dialog is the native <dialog> (modal: focus stays inside, Escape cancels, focus returns).

export interface DryRunAnswer {
  dry_run: true;
  would_delete: Record<string, unknown>;
}

export interface ConfirmDryRunProps {
  /** The button that opens the dialog (e.g. "Delete all categories"). */
  label: string;
  title: string;
  /** What the action does, in a sentence. */
  description?: ReactNode;
  /** The call with dry_run=true (its init must type-check with `dry_run`: see isDryRun). */
  preview: () => Promise<unknown>;
  /** The real call. */
  run: () => Promise<unknown>;
  confirmLabel?: string;
  /** Query keys to refetch once the real call succeeded, e.g. [['api', '/categories']]. */
  invalidate?: QueryKey[];
  onDone?: (result: unknown) => void;
  disabled?: boolean;
}

const words = (key: string) => key.replace(/_/g, ' ');

/** "would delete: 12 categories, 3 products" as a list; counts only, other values as text. */
function WouldDelete({ counts }: { counts: Record<string, unknown> }) {
  const entries = Object.entries(counts);
  if (entries.length === 0) return <p>Nothing would be deleted.</p>;
  return (
    <dl className="would-delete" data-testid="would-delete">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt>{words(key)}</dt>
          <dd>{typeof value === 'number' ? value.toLocaleString() : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The answer of a call made with dry_run=true: `{dry_run: true, would_delete: {...}}`. */
export function isDryRun(answer: unknown): answer is DryRunAnswer {
  const record = answer as Partial<DryRunAnswer> | null;
  return typeof record === 'object' && record !== null && record.dry_run === true && typeof record.would_delete === 'object' && record.would_delete !== null;
}

const nothing = (counts: Record<string, unknown>) => Object.values(counts).every((v) => v === 0);

export function ConfirmDryRun({ label, title, description, preview, run, confirmLabel = 'Delete', invalidate = [], onDone, disabled }: ConfirmDryRunProps) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const [state, setState] = useState<
    { step: 'closed' } | { step: 'previewing' } | { step: 'ready'; counts: Record<string, unknown> } | { step: 'running'; counts: Record<string, unknown> } | { step: 'failed'; error: unknown; counts?: Record<string, unknown> }
  >({ step: 'closed' });

  const open = async () => {
    setState({ step: 'previewing' });
    dialog.current?.showModal();
    try {
      const answer = await preview();
      if (!isDryRun(answer)) throw new Error('The server did not answer with a preview (dry_run), so this action cannot be checked first.');
      setState({ step: 'ready', counts: answer.would_delete });
    } catch (error) {
      setState({ step: 'failed', error });
    }
  };
  const close = () => {
    dialog.current?.close();
    setState({ step: 'closed' });
  };
  const confirm = async () => {
    if (state.step !== 'ready') return;
    setState({ step: 'running', counts: state.counts });
    try {
      const result = await run();
      close();
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      onDone?.(result);
    } catch (error) {
      setState({ step: 'failed', error, counts: state.counts });
    }
  };
  useEffect(() => {
    const element = dialog.current;
    const onCancel = () => setState({ step: 'closed' });
    element?.addEventListener('close', onCancel);
    return () => element?.removeEventListener('close', onCancel);
  }, []);

  const counts = state.step === 'ready' || state.step === 'running' ? state.counts : state.step === 'failed' ? state.counts : undefined;
  return (
    <>
      <button type="button" className="danger" onClick={() => void open()} disabled={disabled}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={`${title}-title`.replace(/\W+/g, '-')} className="dialog">
        {state.step !== 'closed' ? (
          <div className="dialog-body">
            <h2 id={`${title}-title`.replace(/\W+/g, '-')}>{title}</h2>
            {description ? <p>{description}</p> : null}
            {state.step === 'previewing' ? <Loading label="Checking what would be deleted…" /> : null}
            {counts ? (
              <>
                <p>This would delete:</p>
                <WouldDelete counts={counts} />
              </>
            ) : null}
            {state.step === 'failed' ? (
              <p className="error-note" role="alert">
                {messageOf(state.error)}
              </p>
            ) : null}
            <div className="actions">
              <button type="button" onClick={close}>
                Cancel
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => void confirm()}
                disabled={state.step !== 'ready' || nothing(state.counts)}
                aria-busy={state.step === 'running' || undefined}
              >
                {state.step === 'running' ? 'Deleting…' : confirmLabel}
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}
