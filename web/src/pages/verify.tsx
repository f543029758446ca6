// The page a verification link opens: it posts the link's token once and
// says whether the address is now verified.

import { useEffect, useState } from 'preact/hooks';
import { refused, startOutcome, verified, type VerifyOutcome } from '../account/verify-outcome';
import { tokenFrom } from '../account/verify-token';
import * as api from '../api/client';
import { refreshSession } from '../session';

/** `/verify?token=…`: follows the link mailed to a new address, signed in or not. */
export function VerifyPage() {
  const token = tokenFrom(location.search);
  const [outcome, setOutcome] = useState<VerifyOutcome>(() => startOutcome(token));
  useEffect(() => {
    if (!token) return;
    let live = true;
    api
      .verifyEmail(token)
      .then(async (me) => {
        if (!live) return;
        setOutcome(verified(me));
        await refreshSession();
      })
      .catch((e) => live && setOutcome(refused(e)));
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
          <p class="ok" role="status">{outcome.text}</p>
          <p>
            <a href="/account">Your account</a> · <a href="/">The lobby</a>
          </p>
        </>
      )}
      {outcome.state === 'refused' && (
        <>
          <p class="error" role="alert">{outcome.text}</p>
          <p>
            On <a href="/account">your account page</a> you can have a new link sent.
          </p>
        </>
      )}
    </section>
  );
}
