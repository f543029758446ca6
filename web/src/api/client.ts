// The server's HTTP interface, typed. The browser's session cookie
// (HttpOnly, set by `POST /api/sessions`) authenticates every call.

import type {
  Catalog,
  ChatMessageView,
  GameSummary,
  GameView,
  History,
  Me,
  MeChange,
  NewGame,
  Notices,
  PlayerName,
  PlayerView,
  RatingPointView,
  LeaderboardEntry,
  PositionRequest,
  PositionView,
  RulesPage,
  Session,
  SessionView,
  NewTournament,
  TournamentSummary,
  TournamentView,
} from './types';
import { withInvite } from './invite';

/** An answer the server refused, with its code and its explanation. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** For a 429: seconds to wait before trying again (`Retry-After`). */
    readonly retryAfter?: number,
    /** For a move the rules refuse: the code of the rule it breaks (`<game>.<topic>.<rule>`). */
    readonly rule?: string,
  ) {
    super(message);
  }
}

/** The seconds a `Retry-After` header asks for, if it gives a number of them. */
export function retryAfterSeconds(header: string | null): number | undefined {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return undefined;
  return Number(header.trim());
}

let sessionEnded: (() => void) | null = null;

/**
 * Calls `listener` whenever the server answers 401 to a call other than
 * signing in: the browser's session has ended (unused for 30 days, signed
 * out elsewhere, or its password changed), so nobody is signed in here.
 */
export function onSessionEnded(listener: () => void): void {
  sessionEnded = listener;
}

/** `value` if it is some text, else undefined. */
function words(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * One call of the server's interface: the answer's JSON, or an `ApiError`
 * with the server's explanation (its `error`, or a problem document's
 * `detail`).
 */
export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'network', 'The server cannot be reached; check the connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON: handled below */
  }
  if (!response.ok) {
    if (response.status === 401 && !(method === 'POST' && path === '/api/sessions')) sessionEnded?.();
    const refusal = json as { error?: { code?: string; message?: string; rule?: string }; code?: unknown; detail?: unknown; title?: unknown } | undefined;
    const error = refusal?.error;
    throw new ApiError(
      response.status,
      error?.code ?? words(refusal?.code) ?? 'http',
      error?.message ?? words(refusal?.detail) ?? words(refusal?.title) ?? `The server answered ${response.status}.`,
      retryAfterSeconds(response.headers.get('retry-after')),
      typeof error?.rule === 'string' ? error.rule : undefined,
    );
  }
  return json as T;
}

/** `POST /api/accounts`. */
export const signUp = (name: string, password: string, email?: string) =>
  call<{ id: number; name: string }>('POST', '/api/accounts', email ? { name, password, email } : { name, password });

/** `POST /api/sessions`: signs in; the server sets the session cookie. */
export const signIn = (name: string, password: string) => call<Session>('POST', '/api/sessions', { name, password });

/** `POST /api/sessions/guest`: a guest's account and session (the cookie), to play at once. */
export const guestSession = () => call<Session>('POST', '/api/sessions/guest');

/** `DELETE /api/sessions/current`. */
export const signOut = () => call<void>('DELETE', '/api/sessions/current');

/** `GET /api/me`: the signed-in account, or null when nobody is. */
export async function me(): Promise<Me | null> {
  try {
    return await call<Me>('GET', '/api/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

/** `PATCH /api/me`. */
export const changeMe = (change: MeChange) => call<Me>('PATCH', '/api/me', change);

/** `POST /api/password-reset`: mails a reset link to the account's verified address, if it has one (the answer never says). */
export const requestPasswordReset = (name: string) => call<void>('POST', '/api/password-reset', { name });

/** `POST /api/password-reset/confirm`: sets a new password with a reset link's token; every session of the account ends. */
export const confirmPasswordReset = (token: string, password: string) =>
  call<void>('POST', '/api/password-reset/confirm', { token, password });

/** `POST /api/me/email/verify`: follows a verification link (no sign-in needed). */
export const verifyEmail = (token: string) => call<Me>('POST', '/api/me/email/verify', { token });

/** `POST /api/me/email/resend`: mails the verification link again. */
export const resendVerification = () => call<void>('POST', '/api/me/email/resend');

/** `GET /api/me/sessions`: the account's sessions, newest first. */
export const listSessions = () => call<SessionView[]>('GET', '/api/me/sessions');

/** `DELETE /api/me/sessions/{id}`: ends a session (its sockets close). */
export const endSession = (id: number) => call<void>('DELETE', `/api/me/sessions/${encodeURIComponent(String(id))}`);

/** Which games `GET /api/games` lists. */
export type GameQuery = {
  state?: 'open' | 'active' | 'finished';
  /** Only the caller's games (private ones included). */
  mine?: boolean;
  /** Only the games that invite the caller to a seat. */
  invited?: boolean;
  /** The next page: the games after this one (an id). */
  after?: string;
  /** At most this many (1–100; the server's default is 100). */
  limit?: number;
  /** Only the caller's games waiting for their move, the longest waiting first (with `mine`). */
  toMoveMe?: boolean;
};

/** The query string of a game list. */
export function gameQueryString(query: GameQuery): string {
  const q = new URLSearchParams();
  if (query.state) q.set('state', query.state);
  if (query.mine) q.set('mine', 'true');
  if (query.invited) q.set('invited', 'true');
  if (query.after) q.set('after', query.after);
  if (query.limit !== undefined) q.set('limit', String(query.limit));
  if (query.toMoveMe) q.set('to_move', 'me');
  const text = q.toString();
  return text ? `?${text}` : '';
}

/** `GET /api/games`. */
export const listGames = (state: 'open' | 'active' | 'finished' | null, mine: boolean) =>
  findGames({ state: state ?? undefined, mine });

/** `GET /api/games?mine=true&to_move=me`: the caller's games waiting for their move, the longest waiting first. */
export const gamesWaitingForMe = () => findGames({ mine: true, toMoveMe: true });

/** `GET /api/games` with every filter. */
export const findGames = (query: GameQuery) => call<GameSummary[]>('GET', `/api/games${gameQueryString(query)}`);

/** `POST /api/games`. */
export const createGame = (game: NewGame) => call<GameView>('POST', '/api/games', game);

/** `GET /api/games/{id}`. */
export const getGame = (id: string) => call<GameView>('GET', withInvite(id, `/api/games/${encodeURIComponent(id)}`));

/** `POST /api/games/{id}/seats/{seat}`, with a private game's invite code. */
export const takeSeat = (id: string, seat: string, invite?: string) =>
  call<GameView>(
    'POST',
    `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}${invite ? `?${new URLSearchParams({ invite }).toString()}` : ''}`,
  );

/** `POST /api/games/{id}/seats/{seat}/decline`: the invited player declines; the seat stays kept for the creator to fill. */
export const declineSeat = (id: string, seat: string) =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/decline`);

/** `POST /api/games/{id}/seats/{seat}/invite`: the creator invites `name` to a seat not yet taken (one declined, say). */
export const inviteToSeat = (id: string, seat: string, name: string) =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/invite`, { account: name });

/** `POST /api/games/{id}/seats/{seat}/open`: the creator opens a seat not yet taken to anyone. */
export const openSeat = (id: string, seat: string) =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/open`);

/** `DELETE /api/games/{id}`: the creator calls a game off before its first move. */
export const callOff = (id: string) => call<void>('DELETE', `/api/games/${encodeURIComponent(id)}`);

/** `POST /api/games/{id}/moves`. */
export const playMove = (id: string, move: string, ply: number) =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/moves`, { move, ply });

/** `POST /api/games/{id}/resign`. */
export const resign = (id: string) => call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/resign`);

/** `GET /api/games/{id}/history`. */
export const getHistory = (id: string) => call<History>('GET', withInvite(id, `/api/games/${encodeURIComponent(id)}/history`));

/** A game's chat room. */
export type Room = 'players' | 'spectators';

/** `GET /api/games/{id}/chat?room=`: the room's newest messages, oldest first. */
export const readChat = (id: string, room: Room) =>
  call<ChatMessageView[]>('GET', withInvite(id, `/api/games/${encodeURIComponent(id)}/chat?room=${room}`));

/** `POST /api/games/{id}/chat`. */
export const writeChat = (id: string, room: Room, text: string) =>
  call<ChatMessageView>('POST', withInvite(id, `/api/games/${encodeURIComponent(id)}/chat`), { room, text });

/** `POST /api/me/muted`: the caller no longer sees `name`'s messages. */
export const mute = (name: string) => call<void>('POST', '/api/me/muted', { name });

/** `GET /api/players/{name}`: a player's page (anyone may look). */
export const getPlayer = (name: string) => call<PlayerView>('GET', `/api/players/${encodeURIComponent(name)}`);

/** `GET /api/players/{name}/ratings/{pool}`: a player's rating after each rated game of a pool, oldest first. */
export const getRatingHistory = (name: string, pool: string) =>
  call<RatingPointView[]>('GET', `/api/players/${encodeURIComponent(name)}/ratings/${pool.split('/').map(encodeURIComponent).join('/')}`);

/** `GET /api/leaderboards/{pool}`: a pool's 100 best-rated settled, active players. */
export const getLeaderboard = (pool: string) =>
  call<LeaderboardEntry[]>('GET', `/api/leaderboards/${pool.split('/').map(encodeURIComponent).join('/')}`);

/** `GET /api/players?prefix=`: up to 20 names that start with `prefix`. */
export const playerNames = (prefix: string) =>
  call<PlayerName[]>('GET', `/api/players?${new URLSearchParams({ prefix }).toString()}`);

/** `GET /api/games/catalog`: every game and edition the server offers. */
export const getCatalog = () => call<Catalog>('GET', '/api/games/catalog');

/** `GET /api/games/catalog/{game}/rules`: the game's rules page and its examples. */
export const getRules = (game: string) => call<RulesPage>('GET', `/api/games/catalog/${encodeURIComponent(game)}/rules`);

/** `POST /api/positions`: any position, after moves, with its board and legal moves. */
export const position = (request: PositionRequest) => call<PositionView>('POST', '/api/positions', request);

/** The address of a game's record (`text/plain`). */
export const recordUrl = (id: string) => withInvite(id, `/api/games/${encodeURIComponent(id)}/record`);

/** What a player may offer: a takeback, a draw, a rematch. */
export type OfferKind = 'takeback' | 'draw' | 'rematch';

/** `POST /api/games/{id}/offers`: the view with the offer (or, granted at once, the game after it). */
export const makeOffer = (id: string, kind: OfferKind) =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/offers`, { kind });

/** `POST /api/games/{id}/offers/{kind}/accept` or `/decline`. */
export const answerOffer = (id: string, kind: OfferKind, answer: 'accept' | 'decline') =>
  call<GameView>('POST', `/api/games/${encodeURIComponent(id)}/offers/${kind}/${answer}`);

/** `GET /api/me/notices`: the notices after the one numbered `after`, and the games waiting for the caller. */
export const getNotices = (after = 0) =>
  call<Notices>('GET', `/api/me/notices${after > 0 ? `?after=${after}` : ''}`);

/** Which tournaments `GET /api/tournaments` lists. */
export type TournamentState = 'upcoming' | 'running' | 'finished';

/** `GET /api/tournaments?state=`: upcoming ones soonest first, the others latest started first (at most 100). */
export const listTournaments = (state: TournamentState) =>
  call<TournamentSummary[]>('GET', `/api/tournaments?${new URLSearchParams({ state }).toString()}`);

/** `POST /api/tournaments`. */
export const createTournament = (tournament: NewTournament) => call<TournamentView>('POST', '/api/tournaments', tournament);

/** `GET /api/tournaments/{id}`. */
export const getTournament = (id: number) => call<TournamentView>('GET', `/api/tournaments/${encodeURIComponent(String(id))}`);

/** `POST /api/tournaments/{id}/players`: the caller joins. */
export const joinTournament = (id: number) => call<TournamentView>('POST', `/api/tournaments/${encodeURIComponent(String(id))}/players`);

/** `DELETE /api/tournaments/{id}/players/me`: the caller leaves (before the start) or withdraws (after). */
export const leaveTournament = (id: number) => call<TournamentView>('DELETE', `/api/tournaments/${encodeURIComponent(String(id))}/players/me`);

/** `DELETE /api/tournaments/{id}/players/{name}`: the organiser removes a player. */
export const removeFromTournament = (id: number, name: string) =>
  call<TournamentView>('DELETE', `/api/tournaments/${encodeURIComponent(String(id))}/players/${encodeURIComponent(name)}`);

/** `POST /api/tournaments/{id}/start`: the organiser starts it before its time. */
export const startTournament = (id: number) => call<TournamentView>('POST', `/api/tournaments/${encodeURIComponent(String(id))}/start`);
