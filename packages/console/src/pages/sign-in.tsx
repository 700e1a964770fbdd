import { type ReactNode, useEffect, useState } from 'react';
import { clientFor, useSession } from '../api/session.js';
import { Form, SubmitButton, TextField } from '../components/form.js';
import { ErrorText } from '../components/states.js';

/** Paste an API key; it is tried with one cheap call before it is kept for this tab. */
export function SignIn() {
  const { signIn, notice } = useSession();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);

  useEffect(() => {
    document.title = 'Sign in · Rapport console';
  }, []);

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
    <main id="main" className="sign-in">
      <h1>Rapport console</h1>
      {notice ? (
        <p className="error-note" role="alert" data-testid="signed-out-notice">
          You were signed out. <ErrorText error={notice} />
        </p>
      ) : null}
      <Form label="Sign in" onSubmit={() => void submit()}>
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
              The key the server printed at its first start (<code>rk_…</code>), or one from <code>npx rapport keys create --account 1</code>. It is kept
              in this browser tab only, until you sign out or close the tab.
            </>
          }
        />
        <SubmitButton busy={busy} busyLabel="Checking the key…">
          Sign in
        </SubmitButton>
      </Form>
    </main>
  );
}
