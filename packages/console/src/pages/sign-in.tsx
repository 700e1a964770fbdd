import { RapportError } from '@rapport/sdk';
import { type ReactNode, useEffect, useState } from 'react';
import { type SessionPerson, consoleCall } from '../api/console-calls.js';
import { clientFor, lastSignInWay, useSession } from '../api/session.js';
import { Form, SubmitButton, TextField } from '../components/form.js';
import { ErrorText } from '../components/states.js';

// The way in: e-mail and password (T2), with a form for a reset link; a developer may paste an
// API key instead (the small link under the form).

type Mode = 'person' | 'key' | 'reset';

/** How long a 429's Retry-After is, in words. */
function waitFor(seconds: number | null): string {
  if (!seconds) return 'in a few minutes';
  if (seconds < 90) return `in ${seconds} seconds`;
  return `in ${Math.ceil(seconds / 60)} minutes`;
}

/** The sign-in's refusals in words; anything else as the console explains errors. */
function signInProblem(failure: unknown): ReactNode {
  if (failure instanceof RapportError) {
    if (failure.status === 403) return 'Wrong e-mail or password. Check both (the password is case-sensitive) and try again.';
    if (failure.status === 429) return `Too many failed sign-ins: try again ${waitFor(failure.retryAfter)}.`;
  }
  return <ErrorText error={failure} />;
}

function PersonForm({ onMode }: { onMode: (mode: Mode) => void }) {
  const { signInPerson } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [account, setAccount] = useState('');
  const [needsAccount, setNeedsAccount] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const submit = async () => {
    if (email.trim() === '' || password === '') {
      setError('Type your e-mail and your password.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body = { email: email.trim(), password, ...(needsAccount && account.trim() !== '' ? { account: Number(account) } : {}) };
      signInPerson(await consoleCall<SessionPerson>('POST', 'session', body));
    } catch (failure) {
      // T4: the same e-mail is a person of several accounts: the password was right, the account is needed.
      if (failure instanceof RapportError && failure.status === 400 && /account/.test(failure.message)) {
        setNeedsAccount(true);
        setError('This e-mail belongs to several accounts: type the number of the one to sign in to (ask its owner).');
      } else setError(signInProblem(failure));
      setBusy(false);
    }
  };

  return (
    <>
      <Form label="Sign in" onSubmit={() => void submit()}>
        {error ? (
          <p className="error-note" role="alert" data-testid="sign-in-error">
            {error}
          </p>
        ) : null}
        <TextField label="E-mail" name="email" type="email" autoComplete="username" autoFocus value={email} onValue={setEmail} />
        <TextField label="Password" name="password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
        {needsAccount ? <TextField label="Account number" name="account" inputMode="numeric" value={account} onValue={setAccount} /> : null}
        <SubmitButton busy={busy} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
      </Form>
      <p className="sign-in-links">
        <button type="button" className="link" onClick={() => onMode('reset')}>
          Forgot your password?
        </button>
        {' · '}
        <button type="button" className="link" onClick={() => onMode('key')}>
          Use an API key instead
        </button>
      </p>
    </>
  );
}

function ResetForm({ onMode }: { onMode: (mode: Mode) => void }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const submit = async () => {
    if (email.trim() === '') {
      setError('Type the e-mail you sign in with.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await consoleCall('POST', 'password/reset', { email: email.trim() });
      setSent(true);
    } catch (failure) {
      setError(failure instanceof RapportError && failure.status === 429 ? `Too many requests for a link: try again ${waitFor(failure.retryAfter)}.` : <ErrorText error={failure} />);
    }
    setBusy(false);
  };

  return (
    <>
      <h2>Reset your password</h2>
      {sent ? (
        <p className="notice" role="status" data-testid="reset-sent">
          If {email.trim()} is a person of a Rapport account, a link to set a new password is on its way (it works for one hour). No e-mail? This server may not
          send mail: ask an owner of your account for a new link.
        </p>
      ) : (
        <Form label="Reset your password" onSubmit={() => void submit()}>
          {error ? (
            <p className="error-note" role="alert">
              {error}
            </p>
          ) : null}
          <TextField label="E-mail" name="email" type="email" autoComplete="username" autoFocus value={email} onValue={setEmail} hint="We e-mail a link to set a new password." />
          <SubmitButton busy={busy} busyLabel="Sending…">
            Send the link
          </SubmitButton>
        </Form>
      )}
      <p className="sign-in-links">
        <button type="button" className="link" onClick={() => onMode('person')}>
          Back to sign-in
        </button>
      </p>
    </>
  );
}

/** Paste an API key; it is tried with one cheap call before it is kept for this tab. */
function KeyForm({ onMode }: { onMode: (mode: Mode) => void }) {
  const { signIn } = useSession();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  const submit = async () => {
    const apiKey = key.trim();
    if (apiKey === '') {
      setError('Paste the API key: the server printed one at its first start (rk_…).');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await clientFor(apiKey).GET('/users', { params: { query: { limit: 1 } } });
      signIn(apiKey);
    } catch (failure) {
      setError(<ErrorText error={failure} />);
      setBusy(false);
    }
  };

  return (
    <>
      <Form label="Developer sign-in" onSubmit={() => void submit()}>
        <TextField
          label="API key"
          name="apikey"
          type="password"
          autoComplete="off"
          spellCheck={false}
          autoFocus
          value={key}
          onValue={setKey}
          error={error}
          hint={
            <>
              For developers: the key the server printed at its first start (<code>rk_…</code>), or one from <code>npx rapport keys create --account 1</code>.
              It is kept in this browser tab only, until you sign out or close the tab. The console treats a key as an owner; a read-only key&apos;s changes
              are refused.
            </>
          }
        />
        <SubmitButton busy={busy} busyLabel="Checking the key…">
          Sign in with the key
        </SubmitButton>
      </Form>
      <p className="sign-in-links">
        <button type="button" className="link" onClick={() => onMode('person')}>
          Sign in with e-mail and password
        </button>
      </p>
    </>
  );
}

export function SignIn() {
  const { notice } = useSession();
  const [mode, setMode] = useState<Mode>(lastSignInWay);

  useEffect(() => {
    document.title = 'Sign in · Rapport console';
  }, []);

  return (
    <main id="main" className="sign-in">
      <h1>Rapport console</h1>
      {notice ? (
        <p className="error-note" role="alert" data-testid="signed-out-notice">
          You were signed out. <ErrorText error={notice} />
        </p>
      ) : null}
      {mode === 'person' ? <PersonForm onMode={setMode} /> : mode === 'reset' ? <ResetForm onMode={setMode} /> : <KeyForm onMode={setMode} />}
    </main>
  );
}
