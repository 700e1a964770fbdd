import { useCanChange } from '../api/session.js';
import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { explainForField, namesField } from '../api/errors.js';
import type { Problems } from '../lib/validate.js';
import { dayAsTyped, dayPattern, formatDay, readTypedDay, typedInFull } from '../lib/dates.js';
import { displaySettings } from '../lib/format.js';
import { ErrorText } from './states.js';

// <Form error={mutation.error}> holds the last error of its submit. A Field whose `name` is the
// field the API's message names ("email: must be …") shows that message under its control, marks
// it aria-invalid and gets the focus; an error naming no field of the form is shown above it.
// <Form validate> checks the values first (numbers are numbers, required fields filled: see
// lib/validate.ts): its problems show under their fields the same way and nothing is sent.

interface FormState {
  error: unknown;
  problems: Problems | null;
  register(name: string): () => void;
}

const FormContext = createContext<FormState | null>(null);

export interface FormProps {
  /** The submit's error (e.g. `mutation.error`); null/undefined when none. */
  error?: unknown;
  /** Checks the values before onSubmit: problems by field name (null or {} when none); with any, onSubmit is not called. */
  validate?: () => Problems | null;
  onSubmit: () => void;
  children: ReactNode;
  /** Accessible name of the form (e.g. "Edit profile"). */
  label?: string;
  className?: string;
  /** A form that only changes data: not shown to one who may not change data (a viewer, a read key). */
  changes?: boolean;
  /**
   * A field's problem (validate()'s or the API's) goes once the field is edited, until the next
   * submit checks again: an old message never stays beside a value typed since. A control counts
   * for the field its `name` or a `data-field` around it names.
   */
  clearOnEdit?: boolean;
}

export function Form({ error, validate, onSubmit, children, label, className, changes, clearOnEdit }: FormProps) {
  const canChange = useCanChange();
  const [names, setNames] = useState<readonly string[]>([]);
  const [found, setProblems] = useState<Problems | null>(null);
  const [edited, setEdited] = useState<readonly string[]>([]);
  const problems = edited.length > 0 && found ? (Object.fromEntries(Object.entries(found).filter(([name]) => !edited.includes(name))) as Problems) : found;
  const [checks, setChecks] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const register = useCallback((name: string) => {
    setNames((list) => [...list, name]);
    return () =>
      setNames((list) => {
        const at = list.indexOf(name);
        return at < 0 ? list : [...list.slice(0, at), ...list.slice(at + 1)];
      });
  }, []);
  // A client-side problem hides the last API error: that error was about values since changed.
  const shownError = found || edited.some((name) => namesField(error, name)) ? null : error;
  const state = useMemo(() => ({ error: shownError, problems, register }), [shownError, problems, register]);
  const claimed = names.some((name) => namesField(shownError, name));
  const unclaimed = problems ? Object.entries(problems).filter(([name]) => !names.includes(name)) : [];

  useEffect(() => {
    if (!shownError && !found) return;
    // A field with a problem inside a folded part ("More fields") is unfolded, to be seen and focused.
    for (const invalid of formRef.current?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []) {
      const folded = invalid.closest('details');
      if (folded && !folded.open) folded.open = true;
    }
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-form-error]');
    target?.focus();
  }, [shownError, found, checks]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate?.() ?? null;
    setEdited([]);
    if (checked && Object.keys(checked).length > 0) {
      setProblems(checked);
      setChecks((n) => n + 1);
      return;
    }
    setProblems(null);
    onSubmit();
  };
  const edit = (event: FormEvent) => {
    if (!clearOnEdit) return;
    const control = event.target as HTMLElement & { name?: string };
    const name = control.closest<HTMLElement>('[data-field]')?.dataset.field ?? control.name;
    if (name && !edited.includes(name)) setEdited([...edited, name]);
  };
  if (changes && !canChange) return null;
  return (
    <FormContext.Provider value={state}>
      {/* noValidate: the API's own messages are the ones shown, next to the field they name */}
      <form ref={formRef} className={className ?? 'form'} onSubmit={submit} onChange={edit} noValidate aria-label={label}>
        {shownError && !claimed ? (
          <p className="error-note" role="alert" tabIndex={-1} data-form-error>
            <ErrorText error={shownError} />
          </p>
        ) : null}
        {unclaimed.length > 0 ? (
          <p className="error-note" role="alert" tabIndex={-1} data-form-error>
            {unclaimed.map(([, text]) => text).join(' ')}
          </p>
        ) : null}
        {children}
      </form>
    </FormContext.Provider>
  );
}

/** What a control inside a Field must spread on itself. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** The API's field name (`email`, `custom_attributes.tier`): errors naming it show here. */
  name: string;
  hint?: ReactNode;
  /** An error to show here besides the form's (e.g. a client-side check). */
  error?: ReactNode;
  children: (control: ControlProps) => ReactNode;
  className?: string;
  /** The label for screen readers only, where what it names is plain from around it (a table's column). */
  labelHidden?: boolean;
}

/** A label, a control, its hint and the API's message about it. */
export function Field({ label, name, hint, error: ownError, children, className, labelHidden }: FieldProps) {
  const form = useContext(FormContext);
  const id = useId();
  const register = form?.register;
  useEffect(() => register?.(name), [register, name]);
  const problem = form?.problems?.[name];
  const apiError = form && namesField(form.error, name) ? <ErrorText explained={explainForField(form.error)} /> : null;
  const error = ownError || problem || apiError || null;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className={labelHidden ? 'visually-hidden' : undefined}>
        {label}
      </label>
      {children({ id, name, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p className="hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * For controls that are not one Field (a fieldset of checkboxes): registers `name` with the form
 * and answers what a Field would show under it (validate()'s problem, or the API's 400 naming it).
 */
export function useFieldError(name: string): ReactNode {
  const form = useContext(FormContext);
  const register = form?.register;
  useEffect(() => register?.(name), [register, name]);
  const problem = form?.problems?.[name];
  if (problem) return problem;
  return form && namesField(form.error, name) ? <ErrorText explained={explainForField(form.error)} /> : null;
}

/** The message under a group of controls (a fieldset of checkboxes), tied to it by `id`. */
export function GroupError({ id, error }: { id: string; error: ReactNode }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  );
}

type Common = { label: ReactNode; name: string; hint?: ReactNode; error?: ReactNode; labelHidden?: boolean };

/**
 * A date field's hint: the chosen day in words, English as the console and in the account locale's
 * order ("Chosen: Sunday, 29 November 2026." in es, "Sunday, November 29, 2026" in en-US), or the
 * order to type one in ("DD/MM/YYYY"), after the field's own hint: a typed 03/04 is then seen to be
 * the day that was meant.
 */
export function withDayShown(hint: ReactNode, value: unknown): ReactNode {
  const day = typeof value === 'string' ? formatDay(value) : '';
  return (
    <>
      {hint}
      {hint ? ' ' : null}
      <span className="date-shown" data-testid="date-shown">
        {day ? `Chosen: ${day}.` : typeof value === 'string' && typedInFull(value) ? 'That day does not exist: check the day and the month.' : `Type it as ${dayPattern()}.`}
      </span>
    </>
  );
}

/**
 * A day typed in the account locale's order ("29/12/2026" in es), a text input: Chromium draws a
 * date input in the browser's language whatever its `lang` (an es account in an English browser
 * saw MM/DD/YYYY). `value` and `onValue` are the API's 'YYYY-MM-DD'; text that is not a day yet
 * is handed on as typed, so that the form or the API can say so. Year first is read too; with
 * `fullYear`, a two-digit year is not read ("10-7-82" is handed on as typed, for the form to ask
 * for four digits: a birth date's century cannot be guessed).
 */
export function DateInput({ value, onValue, fullYear = false, ...input }: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & { value: string; onValue: (value: string) => void; fullYear?: boolean }) {
  const [text, setText] = useState(() => dayAsTyped(value) || value);
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    // Changed from outside (a reset, the URL): shown anew.
    setSeen(value);
    setText(dayAsTyped(value) || value);
  }
  return (
    <input
      {...input}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      lang={displaySettings().locale}
      placeholder={dayPattern()}
      value={text}
      onChange={(e) => {
        const typed = e.target.value;
        const next = typed.trim() === '' ? '' : (readTypedDay(typed, { fullYear }) ?? typed);
        setText(typed);
        setSeen(next);
        onValue(next);
      }}
    />
  );
}

export function TextField({ label, name, hint, error, onValue, fullYear, ...input }: Common & InputHTMLAttributes<HTMLInputElement> & { onValue?: (value: string) => void; fullYear?: boolean }) {
  if (input.type === 'date') {
    const { type: _date, value, ...rest } = input;
    return (
      <Field label={label} name={name} hint={withDayShown(hint, value)} error={error}>
        {(control) => <DateInput {...rest} {...control} fullYear={fullYear} value={typeof value === 'string' ? value : ''} onValue={(day) => onValue?.(day)} />}
      </Field>
    );
  }
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => <input type="text" {...input} {...control} onChange={input.onChange ?? ((e) => onValue?.(e.target.value))} />}
    </Field>
  );
}

export function TextAreaField({ label, name, hint, error, onValue, ...area }: Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { onValue?: (value: string) => void }) {
  return (
    <Field label={label} name={name} hint={hint} error={error}>
      {(control) => <textarea rows={4} {...area} {...control} onChange={area.onChange ?? ((e) => onValue?.(e.target.value))} />}
    </Field>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  label,
  name,
  hint,
  error,
  options,
  onValue,
  labelHidden,
  ...select
}: Common & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly Option[]; onValue?: (value: string) => void }) {
  return (
    <Field label={label} name={name} hint={hint} error={error} labelHidden={labelHidden}>
      {(control) => (
        <select {...select} {...control} onChange={select.onChange ?? ((e) => onValue?.(e.target.value))}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A checkbox: the label follows the box. */
export function CheckboxField({ label, name, hint, checked, onChecked }: Omit<Common, 'error'> & { checked: boolean; onChecked: (checked: boolean) => void }) {
  const form = useContext(FormContext);
  const id = useId();
  const problem = form?.problems?.[name];
  const error = problem ?? (form && namesField(form.error, name) ? <ErrorText explained={explainForField(form.error)} /> : null);
  return (
    <div className="field field-check">
      <input type="checkbox" id={id} name={name} checked={checked} onChange={(e) => onChecked(e.target.checked)} aria-invalid={error ? true : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="hint">{hint}</p> : null}
      {error ? <p className="field-error">{error}</p> : null}
    </div>
  );
}

/**
 * The submit button: disabled and relabelled while the mutation runs. A change is not offered to
 * one who may not change data (a viewer, a read key): the button is not shown (`reads` for a form
 * that only looks something up). A form that only changes data is wrapped in <Changes> instead.
 */
export function SubmitButton({ busy, children, busyLabel = 'Saving…', className, reads }: { busy?: boolean; children: ReactNode; busyLabel?: string; className?: string; reads?: boolean }) {
  const canChange = useCanChange();
  if (!reads && !canChange) return null;
  return (
    <button type="submit" className={className ?? 'primary'} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

