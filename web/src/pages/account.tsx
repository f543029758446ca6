import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import type { MeChange } from '../api/types';
import { refreshSession, useSession } from '../session';

/** `/account`: the email mails go to, whether to send them, the password. */
export function AccountPage() {
  const me = useSession();
  const [email, setEmail] = useState('');
  const [notify, setNotify] = useState(false);
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (me) {
      setEmail(me.email ?? '');
      setNotify(me.notify.email);
    }
  }, [me]);
  if (me === undefined) return <p class="panel">Loading…</p>;
  if (me === null)
    return (
      <p class="panel">
        <a href="/signin?next=/account">Sign in</a> to change your account.
      </p>
    );
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const change: MeChange = { email: email.trim() || null, notify: { email: notify } };
      if (password) change.password = password;
      await api.changeMe(change);
      setPassword('');
      await refreshSession();
      setMessage({ ok: true, text: 'Saved.' });
    } catch (e) {
      setMessage({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
  };
  return (
    <section class="panel narrow">
      <h1>{me.name}</h1>
      <form class="stack" onSubmit={save}>
        <label>
          Email
          <input type="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
        </label>
        <label class="check">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} /> Mail me when it is my turn, a round opens or a game ends
        </label>
        <label>
          New password <span class="hint">(leave empty to keep it)</span>
          <input type="password" autocomplete="new-password" value={password} onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        {message && <p class={message.ok ? 'ok' : 'error'} role="status">{message.text}</p>}
        <button type="submit">Save</button>
      </form>
    </section>
  );
}
