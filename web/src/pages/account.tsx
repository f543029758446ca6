// The account page: its mail, vacation, password and sessions, each a part of its own.

import { useState } from 'preact/hooks';
import { AddressPart } from '../account/address';
import { PasswordPart } from '../account/password';
import { SessionsPart } from '../account/sessions';
import { AlertsSwitch } from '../parts/notices';
import { VacationPart } from '../parts/vacation-panel';
import { useSession } from '../session';

/** `/account`: the mail address and its state, notifications, vacations (`#vacation`), the password, the sessions. */
export function AccountPage() {
  const me = useSession();
  const [version, setVersion] = useState(0);
  if (me === undefined) return <p class="panel">Loading…</p>;
  if (me === null)
    return (
      <p class="panel">
        <a href="/signin?next=/account">Sign in</a> to change your account.
      </p>
    );
  return (
    <section class="panel narrow account">
      <h1>{me.name}</h1>
      <p class="hint">
        Others see <a href={`/players/${encodeURIComponent(me.name)}`}>your page</a>: your finished games and your recent ones.
      </p>
      <AddressPart me={me} />
      <AlertsSwitch />
      <VacationPart me={me} />
      <PasswordPart onChanged={() => setVersion(version + 1)} />
      <SessionsPart version={version} />
    </section>
  );
}
