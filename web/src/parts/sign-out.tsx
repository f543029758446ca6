// The header's "Sign out". A guest is warned first: a guest's account has
// no password, so once signed out its games can never be reached again
// (the server resigns those under way, telling the other players). The
// warning offers to sign up instead, which keeps them.

import { useRef } from 'preact/hooks';
import { navigate } from '../router';
import { signOut } from '../session';

/** Signs out and goes to the lobby. */
async function leave(): Promise<void> {
  await signOut();
  navigate('/');
}

/** "Sign out", with a warning for a guest. */
export function SignOutButton(props: { guest: boolean }) {
  const dialog = useRef<HTMLDialogElement>(null);
  if (!props.guest) {
    return (
      <button type="button" class="link" onClick={() => void leave()} data-testid="sign-out">
        Sign out
      </button>
    );
  }
  const close = () => dialog.current?.close();
  return (
    <>
      <button type="button" class="link" onClick={() => dialog.current?.showModal()} data-testid="sign-out">
        Sign out
      </button>
      <dialog ref={dialog} class="warning" aria-labelledby="guest-leaves-title" aria-describedby="guest-leaves-text" data-testid="guest-sign-out">
        <h2 id="guest-leaves-title">Sign out as a guest?</h2>
        <p id="guest-leaves-text">
          A guest has no password: once you sign out, you can never come back to this account. Your games under way are resigned, and
          their other players told. Sign up to keep your games and play on later.
        </p>
        <div class="dialog-buttons">
          <button
            type="button"
            onClick={() => {
              close();
              navigate('/signup');
            }}
            data-testid="guest-sign-up"
          >
            Sign up to keep your games
          </button>
          <button
            type="button"
            class="danger"
            onClick={() => {
              close();
              void leave();
            }}
            data-testid="guest-leave"
          >
            Sign out anyway
          </button>
          <button type="button" class="link" onClick={close}>
            Stay
          </button>
        </div>
      </dialog>
    </>
  );
}
