import { useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import { navigate } from '../router';
import { signIn, useSession } from '../session';

function after(): string {
  const next = new URLSearchParams(location.search).get('next');
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function SignForm(props: {
  title: string;
  action: string;
  withEmail: boolean;
  submit(name: string, password: string, email: string): Promise<void>;
  /** Where to go once done (by default where the visitor came from). */
  next?(email: string): string;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.submit(name.trim(), password, email.trim());
      navigate(props.next ? props.next(email.trim()) : after());
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section class="panel narrow">
      <h1>{props.title}</h1>
      <form onSubmit={onSubmit} class="stack">
        <label>
          Name
          <input name="name" autocomplete="username" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input
            name="password"
            type="password"
            autocomplete={props.withEmail ? 'new-password' : 'current-password'}
            required
            value={password}
            onInput={(e) => setPassword(e.currentTarget.value)}
          />
        </label>
        {props.withEmail && (
          <label>
            Email <span class="hint">(optional: to be told when it is your turn)</span>
            <input name="email" type="email" autocomplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
          </label>
        )}
        {error && <p class="error" role="alert" data-testid="error">{error}</p>}
        <button type="submit" disabled={busy}>{props.action}</button>
      </form>
    </section>
  );
}

/** `/signin`. */
export function SignInPage() {
  return (
    <>
      <SignForm title="Sign in" action="Sign in" withEmail={false} submit={(name, password) => signIn(name, password)} />
      <p class="centered">No account yet? <a href={`/signup${location.search}`}>Sign up</a>.</p>
      <p class="centered">Forgot your password? <a href="/reset">Set a new one</a>.</p>
    </>
  );
}

/**
 * `/signup`: makes the account and signs in; with an address, the account
 * page then says a link to verify it was sent. A guest who signs up keeps
 * the guest's account and its games.
 */
export function SignUpPage() {
  const me = useSession();
  return (
    <>
      {me?.guest && <p class="centered notice" data-testid="guest-keeps">You are playing as {me.name}: signing up keeps your games.</p>}
      <SignForm
        title="Sign up"
        action="Make the account"
        withEmail
        submit={async (name, password, email) => {
          await api.signUp(name, password, email || undefined);
          await signIn(name, password);
        }}
        next={(email) => (email ? '/account' : after())}
      />
      <p class="centered">Have an account? <a href={`/signin${location.search}`}>Sign in</a>.</p>
    </>
  );
}
