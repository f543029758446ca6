// Who is signed in, shared by every page.

import { useEffect, useState } from 'preact/hooks';
import * as api from './api/client';
import type { Me } from './api/types';

/** The signed-in account: undefined while asking, null for nobody. */
let current: Me | null | undefined = undefined;
const listeners = new Set<(me: Me | null | undefined) => void>();

function set(me: Me | null): void {
  current = me;
  listeners.forEach((listener) => listener(me));
}

// A call answered 401: the session ended on the server, so nobody is signed in here.
api.onSessionEnded(() => {
  if (current) set(null);
});

/** Asks the server who is signed in (the session cookie). */
export async function refreshSession(): Promise<void> {
  try {
    set(await api.me());
  } catch {
    set(null);
  }
}

/** Signs in and remembers the account. */
export async function signIn(name: string, password: string): Promise<void> {
  await api.signIn(name, password);
  await refreshSession();
}

/** Plays as a guest: a new guest account, signed in. */
export async function playAsGuest(): Promise<void> {
  await api.guestSession();
  await refreshSession();
}

/** Signs out. */
export async function signOut(): Promise<void> {
  try {
    await api.signOut();
  } finally {
    set(null);
  }
}

/** The signed-in account, kept up to date. */
export function useSession(): Me | null | undefined {
  const [me, setMe] = useState(current);
  useEffect(() => {
    listeners.add(setMe);
    setMe(current);
    return () => void listeners.delete(setMe);
  }, []);
  return me;
}
