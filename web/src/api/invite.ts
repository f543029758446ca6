/**
 * The invite codes of private games this page was opened with (an invite
 * link: `/games/{id}?invite=<code>`), by game. The server shows a private
 * game only to its players, the accounts invited to it, and whoever brings
 * its code: every read of such a game (its view, history, record, chat and
 * socket) carries the code it was opened with.
 */

const codes = new Map<string, string>();

/** Keeps `code` for the game `game` (an empty code is none). */
export function rememberInvite(game: string, code: string | null | undefined): void {
  if (code) codes.set(game, code);
}

/** The code kept for `game`, if any. */
export function inviteFor(game: string): string | undefined {
  return codes.get(game);
}

/** `path` (an address of the game `game`) with its invite code, if one is kept. */
export function withInvite(game: string, path: string): string {
  const code = codes.get(game);
  if (!code) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ invite: code }).toString()}`;
}
