// What the /verify page says: where it stands with the link from the
// address, and its words once the server has answered.

import { problemText } from '../api/problem';
import type { Me } from '../api/types';

/** The page's state: asking the server, verified, or refused with the reason. */
export type VerifyOutcome = { state: 'working' } | { state: 'verified'; text: string } | { state: 'refused'; text: string };

/** Said when the page's address carries no token to post. */
export const NO_TOKEN = "This page's address carries no verification token: open the link from the mail exactly as it is (some mail programs cut long links in two).";

/** Where the page starts: with a token it asks the server, without one there is nothing to ask. */
export function startOutcome(token: string | null): VerifyOutcome {
  return token ? { state: 'working' } : { state: 'refused', text: NO_TOKEN };
}

/** The outcome once the server has verified the address of `me`. */
export function verified(me: Me): VerifyOutcome & { state: 'verified' } {
  const address = me.email ? `Your address ${me.email}` : 'Your address';
  return { state: 'verified', text: `${address} is verified; mail about your games will go to it.` };
}

/** The outcome once the server has refused the token: its explanation. */
export function refused(e: unknown): VerifyOutcome & { state: 'refused' } {
  return { state: 'refused', text: problemText(e) };
}
