// The account page's password part: a new one, given with the current one.

import { useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';

/** A new password, given with the current one; other sessions end. */
export function PasswordPart(props: { onChanged(): void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      await api.changeMe({ password: next, current_password: current });
      setCurrent('');
      setNext('');
      setMessage({ ok: true, text: 'The password is changed; every other session is signed out.' });
      props.onChanged();
    } catch (e) {
      setMessage({ ok: false, text: problemText(e) });
    }
  };
  return (
    <form class="stack" onSubmit={save} data-testid="password">
      <h2>Password</h2>
      <label>
        Current password
        <input type="password" name="current_password" autocomplete="current-password" required value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
      </label>
      <label>
        New password <span class="hint">(8 characters or more; your other sessions will be signed out)</span>
        <input type="password" name="new_password" autocomplete="new-password" required value={next} onInput={(e) => setNext(e.currentTarget.value)} />
      </label>
      {message && <p class={message.ok ? 'ok' : 'error'} role="status">{message.text}</p>}
      <button type="submit">Change the password</button>
    </form>
  );
}
