// A forgotten password: `/reset` asks for a link by the account's name;
// the link mailed to its verified address (`/reset?token=…`) sets a new
// password, which signs the account out everywhere.

import { useState } from 'preact/hooks';
import { newPasswordProblem } from '../account/new-password';
import { tokenFrom } from '../account/verify-token';
import * as api from '../api/client';
import { problemText } from '../api/problem';

/** `/reset`, with or without a link's token. */
export function ResetPage() {
  const token = tokenFrom(location.search);
  return token ? <NewPassword token={token} /> : <AskForLink />;
}

function AskForLink() {
  const [name, setName] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.requestPasswordReset(name.trim());
      setAsked(name.trim());
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel narrow" data-testid="reset">
      <h1>A new password</h1>
      {asked === null ? (
        <form onSubmit={onSubmit} class="stack">
          <p>Give your account's name: a link to set a new password goes to its verified mail address.</p>
          <label>
            Name
            <input name="name" autocomplete="username" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          {error && <p class="error" role="alert" data-testid="error">{error}</p>}
          <button type="submit" disabled={busy}>Send the link</button>
        </form>
      ) : (
        <p class="ok" role="status">
          If the account {asked} has a verified mail address, a link is on its way there. It works once, for an hour.
        </p>
      )}
      <p>
        <a href="/signin">Sign in</a> · <a href="/">The lobby</a>
      </p>
    </section>
  );
}

function NewPassword(props: { token: string }) {
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const problem = newPasswordProblem(password, again);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.confirmPasswordReset(props.token, password);
      setDone(true);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  if (done) {
    return (
      <section class="panel narrow" data-testid="reset">
        <h1>A new password</h1>
        <p class="ok" role="status">Your password is set, and the account is signed out everywhere.</p>
        <p>
          <a href="/signin">Sign in</a> with it.
        </p>
      </section>
    );
  }
  return (
    <section class="panel narrow" data-testid="reset">
      <h1>A new password</h1>
      <form onSubmit={onSubmit} class="stack">
        <label>
          New password
          <input name="password" type="password" autocomplete="new-password" required value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <label>
          The same again
          <input name="again" type="password" autocomplete="new-password" required value={again} onInput={(e) => setAgain(e.currentTarget.value)} />
        </label>
        {error && (
          <p class="error" role="alert" data-testid="error">
            {error} {error.includes('link') && <a href="/reset">Ask for a new link.</a>}
          </p>
        )}
        <button type="submit" disabled={busy}>Set the password</button>
      </form>
    </section>
  );
}
