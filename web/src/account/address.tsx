// The account page's mail part: the address and whether it is verified,
// the mail that could not be delivered, and the notification switch.

import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { Me } from '../api/types';
import { refreshSession } from '../session';

/** The account's mail address, whether it is verified, the mail that failed, and the notification switch. */
export function AddressPart(props: { me: Me }) {
  const { me } = props;
  const [email, setEmail] = useState(me.email ?? '');
  const [notify, setNotify] = useState(me.notify.email);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    setEmail(me.email ?? '');
    setNotify(me.notify.email);
  }, [me]);
  const show = (ok: boolean, text: string) => setMessage({ ok, text });
  const failed = (e: unknown) => show(false, problemText(e));
  const save = async (event: Event) => {
    event.preventDefault();
    try {
      const wanted = email.trim() || null;
      const changed = wanted !== me.email;
      const after = await api.changeMe({ ...(changed ? { email: wanted } : {}), notify: { email: notify } });
      await refreshSession();
      show(true, changed && after.email && !after.email_verified ? `Saved. We sent a link to ${after.email} to verify it; it is valid for 24 hours.` : 'Saved.');
    } catch (e) {
      failed(e);
    }
  };
  const resend = async () => {
    try {
      await api.resendVerification();
      show(true, `A new link is on its way to ${me.email}; it is valid for 24 hours.`);
    } catch (e) {
      failed(e);
    }
  };
  return (
    <form class="stack" onSubmit={save} data-testid="address">
      <h2>Mail</h2>
      <label>
        Email
        <input type="email" name="email" autocomplete="email" value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </label>
      {me.email && me.email_verified && (
        <p class="hint" data-testid="address-state">
          {me.email} is verified.
        </p>
      )}
      {me.email && !me.email_verified && (
        <p class="hint" data-testid="address-state">
          {me.email} is not verified yet: we sent a link to it; it is valid for 24 hours. Until you follow it, no other mail goes there.{' '}
          <button type="button" class="link" onClick={resend} data-testid="resend">
            Send the link again
          </button>
        </p>
      )}
      {!me.email && (
        <p class="hint" data-testid="address-state">
          No address: no mail is sent to you.
        </p>
      )}
      <label class="check">
        <input type="checkbox" name="notify" checked={notify} onChange={(e) => setNotify(e.currentTarget.checked)} /> Mail me when it is my turn, a round opens or a game ends
      </label>
      {me.failed_mail.length > 0 && (
        <div class="failed-mail" data-testid="failed-mail">
          <p>These mails to you could not be delivered, even after every retry; check the address and your mailbox:</p>
          <ul>
            {me.failed_mail.map((m, i) => (
              <li key={i}>
                <time dateTime={m.created}>{new Date(m.created).toLocaleString()}</time> — {m.subject}: <span class="hint">{m.error}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {message && <p class={message.ok ? 'ok' : 'error'} role="status">{message.text}</p>}
      <button type="submit">Save</button>
    </form>
  );
}
