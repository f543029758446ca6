// The server's JSON, as the project's API specification and the served
// OpenAPI document give it. Text from the server becomes these values in
// `client.ts`; nothing else reads raw responses.

/** The four games. */
export type GameName = 'agog' | 'sage' | 'ogama' | 'scg';

/** Who sits in a seat. */
export type SeatKind = 'human' | 'computer' | 'open';

/** A seat of a game, named as position strings name it (`w`, `b`, `A`…). */
export interface SeatView {
  seat: string;
  name: string | null;
  kind: SeatKind;
  level?: number;
}

/** How a game stands: `open` (waiting for players), `ongoing` or `over`. */
export interface StatusView {
  state: 'open' | 'ongoing' | 'over';
  winners: string[];
  reason: string | null;
}

/** The Single Capture Go part of a view. */
export interface ScgView {
  round: number;
  plays_in: number;
  my_play: string | null;
  announcements: string[];
}

/** A game as its viewer may see it. */
export interface GameView {
  id: string;
  game: GameName;
  variant: string | null;
  options: Record<string, unknown>;
  seats: SeatView[];
  you: string[];
  to_move: string[];
  ply: number;
  position: string;
  moves: string[];
  /** The last move in the long form (`scg`: the last closed round's plays). */
  last_move: string | null;
  status: StatusView;
  legal?: string[];
  deadline: string | null;
  scg?: ScgView;
  created: string;
  updated: string;
}

/** A game in a list. */
export interface GameSummary {
  id: string;
  game: GameName;
  variant: string | null;
  state: 'open' | 'active' | 'finished';
  seats: SeatView[];
  to_move: string[];
  ply: number;
  updated: string;
}

/** A seat of a new game: the creator, the computer at a level, or open. */
export type SeatSpec = { account: 'me' } | { computer: number } | { open: true };

/** A game's time limits. */
export interface ClockSpec {
  days_per_move?: number;
  round_hours?: number;
  close_early?: boolean;
}

/** `POST /api/games`. */
export interface NewGame {
  game: GameName;
  variant?: string;
  handicap?: number;
  seed?: number;
  at_blocked?: boolean;
  seats: SeatSpec[];
  clock?: ClockSpec;
}

/** An account as its owner sees it. */
export interface Me {
  id: number;
  name: string;
  email: string | null;
  /** Whether the address was verified by the link mailed to it (no other mail goes to it before). */
  email_verified: boolean;
  notify: { email: boolean };
  /** Recent mails to the account that could not be delivered, the newest first. */
  failed_mail: FailedMail[];
}

/** A mail that could not be delivered after every attempt. */
export interface FailedMail {
  subject: string;
  created: string;
  error: string;
}

/** One of the account's sessions (`GET /api/me/sessions`). */
export interface SessionView {
  id: number;
  created: string;
  last_used: string;
  /** Whether it is this browser's. */
  current: boolean;
  /** The address it was started from, if known. */
  address: string | null;
}

/** A signed-in session. */
export interface Session {
  token: string;
  account: { id: number; name: string };
}

/** What a live socket sends. */
export type LiveMessage =
  | { type: 'view'; view: GameView }
  | { type: 'error'; error: { code: string; message: string } }
  | { type: 'lobby'; games: GameSummary[] };

/** `PATCH /api/me`: what to change (`email: null` removes the address). */
export interface MeChange {
  email?: string | null;
  /** A new password: needs `current_password`. */
  password?: string;
  current_password?: string;
  notify?: { email?: boolean };
}

/** A game's history: the start and each move with the position after it. */
export interface History {
  start: string;
  plies: { record: string; long: string; position: string }[];
}
