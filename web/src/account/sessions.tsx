// The account page's list of sessions, each with a button that ends it.

import { useEffect, useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import { navigate } from '../router';
import { signOut } from '../session';
import { sessionRows, type SessionRow } from './sessions-list';

/** The account's sessions, each of which can be signed out. `version` reloads the list when it changes. */
export function SessionsPart(props: { version: number }) {
  const [rows, setRows] = useState<SessionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = async () => {
    try {
      setRows(sessionRows(await api.listSessions(), Date.now()));
    } catch (e) {
      setError(problemText(e));
    }
  };
  useEffect(() => void load(), [props.version]);
  const end = async (row: SessionRow) => {
    setError(null);
    try {
      if (row.current) {
        await signOut();
        navigate('/');
        return;
      }
      await api.endSession(row.id);
    } catch (e) {
      setError(problemText(e));
    }
    // Ended or not (a 404: it had already ended), the list says what is left.
    await load();
  };
  return (
    <section class="stack" data-testid="sessions">
      <h2>Where you are signed in</h2>
      <p class="hint">Browsers and bots signed in to this account; each ends by itself after 30 days unused.</p>
      {rows === null && !error && <p>Loading…</p>}
      {rows && (
        <ul class="sessions">
          {rows.map((row) => (
            <li key={row.id} data-session={row.id}>
              <strong>{row.label}</strong> <span class="hint">{row.when}</span>{' '}
              <button type="button" class="link" onClick={() => end(row)}>
                Sign out
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
