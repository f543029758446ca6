// The form that starts a game: every option the server takes, and the
// rule that whoever starts it holds exactly one of its seats.

import { useState } from 'preact/hooks';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { GameName, NewGame, SeatSpec } from '../api/types';
import { navigate } from '../router';
import { gameTitle, seatName } from '../play/notation';

/** What the form says of a seat. */
export type SeatChoice = { kind: 'me' | 'open' | 'computer'; level: number };

const GAMES: GameName[] = ['agog', 'sage', 'ogama', 'scg'];
const TURN_SEATS: Record<Exclude<GameName, 'scg'>, [string, string]> = { agog: ['w', 'b'], sage: ['b', 'r'], ogama: ['o', 'b'] };
const LETTERS = 'ABCDEFGHIJKL';

/**
 * The seats after seat `i` is set to `kind`. The person starting the game
 * holds exactly one seat: choosing "me" for another seat moves them there
 * (that seat's former choice goes to their old seat), and their own seat
 * cannot be given away.
 */
export function withSeat(seats: SeatChoice[], i: number, kind: SeatChoice['kind']): SeatChoice[] {
  const mine = seats.findIndex((s) => s.kind === 'me');
  if (i === mine) return seats;
  if (kind !== 'me') return seats.map((s, j) => (j === i ? { ...s, kind } : s));
  return seats.map((s, j) => (j === i ? { ...s, kind: 'me' } : j === mine ? { ...seats[i] } : s));
}

/** The seats for `n` players: new seats are the computer's, and the person keeps a seat. */
export function resized(seats: SeatChoice[], n: number): SeatChoice[] {
  const next = Array.from({ length: n }, (_, i) => seats[i] ?? { kind: 'computer' as const, level: 5 });
  return next.some((s) => s.kind === 'me') ? next : withSeat(next, 0, 'me');
}

/** Parses an optional whole number field: undefined when empty. */
export function wholeNumber(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : NaN;
}

/** The request a form's choices make. */
export function newGameRequest(form: {
  game: GameName;
  variant: string;
  handicap: string;
  seed: string;
  atBlocked: boolean;
  closeEarly: boolean;
  seats: SeatChoice[];
  clock: string;
}): NewGame {
  const request: NewGame = {
    game: form.game,
    seats: form.seats.map((s): SeatSpec => (s.kind === 'me' ? { account: 'me' } : s.kind === 'open' ? { open: true } : { computer: s.level })),
  };
  if (form.game === 'agog') {
    request.variant = form.variant;
    const handicap = wholeNumber(form.handicap);
    if (handicap !== undefined) request.handicap = handicap;
  }
  const seed = wholeNumber(form.seed);
  if (seed !== undefined) request.seed = seed;
  const clock = wholeNumber(form.clock);
  if (form.game === 'scg') {
    request.at_blocked = form.atBlocked;
    // A round always has a deadline: the rule text's three days unless set.
    request.clock = { ...(clock !== undefined ? { round_hours: clock } : {}), close_early: form.closeEarly };
  } else if (clock !== undefined) {
    request.clock = { days_per_move: clock };
  }
  return request;
}

/** The form that starts a game with every option the server takes. */
export function NewGameForm() {
  const [game, setGame] = useState<GameName>('agog');
  const [variant, setVariant] = useState('current');
  const [handicap, setHandicap] = useState('');
  const [seed, setSeed] = useState('');
  const [atBlocked, setAtBlocked] = useState(false);
  const [closeEarly, setCloseEarly] = useState(true);
  const [clock, setClock] = useState('');
  const [seats, setSeats] = useState<SeatChoice[]>([
    { kind: 'me', level: 5 },
    { kind: 'computer', level: 5 },
  ]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const names = game === 'scg' ? [...LETTERS.slice(0, seats.length)] : TURN_SEATS[game].map((s) => seatName(game, s));
  const chooseGame = (next: GameName) => {
    setGame(next);
    if (next === 'scg' && seats.length < 3) setSeats(resized(seats, 3));
    if (next !== 'scg' && seats.length > 2) setSeats(resized(seats, 2));
  };
  const setSeat = (i: number, change: Partial<SeatChoice>) => setSeats(seats.map((s, j) => (i === j ? { ...s, ...change } : s)));

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const request = newGameRequest({ game, variant, handicap, seed, atBlocked, closeEarly, seats, clock });
    if ([request.handicap, request.seed, request.clock?.days_per_move, request.clock?.round_hours].some((n) => Number.isNaN(n))) {
      setError('Handicap, seed and clock are whole numbers (or empty).');
      return;
    }
    setBusy(true);
    try {
      const view = await api.createGame(request);
      navigate(`/games/${view.id}`);
    } catch (e) {
      setError(problemText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="new-game" onSubmit={submit} data-testid="new-game">
      <fieldset class="row">
        <legend>Game</legend>
        {GAMES.map((g) => (
          <label key={g} class="choice">
            <input type="radio" name="game" value={g} checked={game === g} onChange={() => chooseGame(g)} /> {gameTitle(g)}
          </label>
        ))}
      </fieldset>
      {game === 'agog' && (
        <div class="row">
          <label>
            Edition
            <select name="variant" value={variant} onChange={(e) => setVariant(e.currentTarget.value)}>
              <option value="current">current</option>
              <option value="classic">classic (first edition)</option>
            </select>
          </label>
          <label>
            Handicap <span class="hint">(Black starts without 0–10 golems)</span>
            <input name="handicap" inputMode="numeric" placeholder="0" value={handicap} onInput={(e) => setHandicap(e.currentTarget.value)} />
          </label>
        </div>
      )}
      <fieldset>
        <legend>Seats</legend>
        <p class="hint" data-testid="seat-rule">You hold one seat of every game you start: choose “me” for another seat to move there.</p>
        {game === 'scg' && (
          <label>
            Players
            <select
              name="players"
              value={seats.length}
              onChange={(e) => {
                setSeats(resized(seats, Number(e.currentTarget.value)));
              }}
            >
              {Array.from({ length: 11 }, (_, i) => i + 2).map((n) => (
                <option key={n} value={n}>{n}</option>
              ))}
            </select>
          </label>
        )}
        {seats.map((seat, i) => (
          <div class="seat-choice" key={i}>
            <span class="seat-name">{names[i]}</span>
            <select
              name={`seat-${i}`}
              aria-label={`${names[i]} is`}
              value={seat.kind}
              title={seat.kind === 'me' ? 'You hold one seat of every game you start: choose "me" for another seat to move there.' : undefined}
              onChange={(e) => setSeats(withSeat(seats, i, e.currentTarget.value as SeatChoice['kind']))}
            >
              <option value="me">me</option>
              <option value="open" disabled={seat.kind === 'me'}>open: anyone may take it</option>
              <option value="computer" disabled={seat.kind === 'me'}>the computer</option>
            </select>
            {seat.kind === 'computer' && (
              <select name={`level-${i}`} aria-label={`${names[i]}'s level`} value={seat.level} onChange={(e) => setSeat(i, { level: Number(e.currentTarget.value) })}>
                {Array.from({ length: 10 }, (_, l) => l + 1).map((l) => (
                  <option key={l} value={l}>level {l}</option>
                ))}
              </select>
            )}
          </div>
        ))}
      </fieldset>
      <div class="row">
        <label>
          {game === 'scg' ? 'Hours per round' : 'Days per move'}{' '}
          <span class="hint">{game === 'scg' ? '(empty: 72, the rules’ three days)' : '(empty: no deadline)'}</span>
          <input name="clock" inputMode="numeric" value={clock} onInput={(e) => setClock(e.currentTarget.value)} />
        </label>
        <label>
          Seed <span class="hint">{game === 'ogama' ? '(the deal; empty: random)' : "(the computer's choices)"}</span>
          <input name="seed" inputMode="numeric" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} />
        </label>
      </div>
      {game === 'scg' && (
        <div class="row">
          <label class="check">
            <input type="checkbox" name="at_blocked" checked={atBlocked} onChange={(e) => setAtBlocked(e.currentTarget.checked)} /> @ squares blocked
          </label>
          <label class="check">
            <input type="checkbox" name="close_early" checked={closeEarly} onChange={(e) => setCloseEarly(e.currentTarget.checked)} /> Close a round once every play is in
          </label>
        </div>
      )}
      {error && <p class="error" role="alert" data-testid="error">{error}</p>}
      <button type="submit" disabled={busy} data-testid="create-game">Start the game</button>
    </form>
  );
}
