import { useEffect, useState } from 'preact/hooks';
import { tokenFrom } from '../account/verify-token';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import { refreshSession } from '../session';

type Outcome = { state: 'working' } | { state: 'verified'; email: string | null } | { state: 'refused'; message: string };

/** `/verify?token=…`: follows the link mailed to a new address, signed in or not. */
export function VerifyPage() {
  const token = tokenFrom(location.search);
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'working' } : { state: 'refused', message: 'This address holds no verification link: open the link from the mail as it is.' });
  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .verifyEmail(token)
      .then(async (me) => {
        if (!live) return;
        setOutcome({ state: 'verified', email: me.email });
        await refreshSession();
      })
      .catch((e) => live && setOutcome({ state: 'refused', message: problemText(e) }));
    return () => {
      live = false;
    };
  }, [token]);
  return (
    <section class="panel narrow" data-testid="verify">
      <h1>Your mail address</h1>
      {outcome.state === 'working' && <p>Checking the link…</p>}
      {outcome.state === 'verified' && (
        <>
          <p class="ok" role="status">
            Your address {outcome.email ?? ''} is verified: mail about your games will go to it.
          </p>
          <p>
            <a href="/account">Your account</a> · <a href="/">The lobby</a>
          </p>
        </>
      )}
      {outcome.state === 'refused' && (
        <>
          <p class="error" role="alert">{outcome.message}</p>
          <p>
            On <a href="/account">your account page</a> you can have a new link sent.
          </p>
        </>
      )}
    </section>
  );
}
