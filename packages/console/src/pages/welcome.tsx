import { RapportError } from '@rapport/sdk';
import { type ReactNode, useEffect, useState } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN, type SessionPerson, consoleCall } from '../api/console-calls.js';
import { fieldOf, ruleInWords } from '../api/errors.js';
import { useSession } from '../api/session.js';
import { Form, SubmitButton, TextField } from '../components/form.js';
import { problems } from '../lib/validate.js';
import { ErrorText } from '../components/states.js';
import { navigate, useLocation } from '../router.js';

// `/console/welcome?token=…`: the page of a welcome link (T1) and of a reset link (T2), the same
// form. Setting the password signs the person in (the answer sets the cookie).

const LINK_GONE =
  'This link no longer works: it was used already, has expired (a welcome link works 72 hours, a reset link one hour), or was not copied whole. Ask an owner of your account for a new link, or use “Forgot your password?” on the sign-in page if you had set a password before.';

export function Welcome() {
  const { search } = useLocation();
  const token = search.get('token') ?? '';
  const { signInPerson } = useSession();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ReactNode>(null);
  // The server's word on the password (a rule the console does not check), under the field.
  const [refused, setRefused] = useState<string | null>(null);
  const [linkGone, setLinkGone] = useState(false);

  useEffect(() => {
    document.title = 'Choose your password · Rapport console';
  }, []);

  // Every problem at once, each under its field, so a second try fixes them all.
  const validate = () => {
    const length = [...password].length;
    return problems({
      password: length < PASSWORD_MIN || length > PASSWORD_MAX ? `Type ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.` : null,
      'password-again': password !== again ? 'The two passwords differ: type the same one twice.' : null,
    });
  };

  const submit = async () => {
    setBusy(true);
    setError(null);
    setRefused(null);
    try {
      await consoleCall('PUT', 'password', { token, password });
      const person = await consoleCall<SessionPerson>('GET', 'session');
      navigate('/', { replace: true });
      signInPerson(person);
    } catch (failure) {
      const named = fieldOf(failure);
      if (named?.field === 'token') setLinkGone(true);
      else if (named?.field === 'password') setRefused(ruleInWords(named.rule));
      else setError(failure instanceof RapportError && failure.status === 429 ? 'Too many attempts: wait a few minutes and try again.' : <ErrorText error={failure} />);
      setBusy(false);
    }
  };

  const gone = linkGone || token === '';
  return (
    <main id="main" className="sign-in">
      <h1>Choose your password</h1>
      {gone ? (
        <p className="error-note" role="alert" data-testid="link-gone">
          {token === '' ? 'This address has no link token: open the whole link from your e-mail (or the one an owner gave you).' : LINK_GONE}
        </p>
      ) : (
        <Form label="Choose your password" clearOnEdit validate={validate} onSubmit={() => void submit()}>
          <p>Welcome to Rapport. Choose the password you will sign in with; the link works once.</p>
          {error ? (
            <div className="error-note" role="alert" data-testid="password-error">
              {error}
            </div>
          ) : null}
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onValue={(typed) => {
              setPassword(typed);
              setRefused(null);
            }}
            error={refused}
            hint={`${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not your e-mail address. A few words you can remember make a good one.`}
          />
          <TextField label="The same password again" name="password-again" type="password" autoComplete="new-password" value={again} onValue={setAgain} />
          <SubmitButton busy={busy} busyLabel="Saving…">
            Set the password and sign in
          </SubmitButton>
        </Form>
      )}
      <p className="sign-in-links">
        <a href={`${window.location.origin}/console/`}>Go to the sign-in page</a>
      </p>
    </main>
  );
}
