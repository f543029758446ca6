// The form that starts a game, drawn from the catalog: the game or
// edition, its options as the server declares them, the seats (whoever
// starts a game holds exactly one), and the clock.

import { useEffect, useState } from 'preact/hooks';
import { seatName, useCatalog } from '../api/catalog';
import * as api from '../api/client';
import { problemText } from '../api/problem';
import type { CatalogGame, CatalogOption, NewGame, PlayerName, SeatSpec } from '../api/types';
import { navigate } from '../router';
import { DEFAULT_LEVEL } from './play-now';
import { readRange } from './ratings';

/** What the form says of a seat: `name` is the player invited to it. */
export type SeatChoice = { kind: 'me' | 'open' | 'computer' | 'invite'; level: number; name?: string };

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
  const next = Array.from({ length: n }, (_, i) => seats[i] ?? { kind: 'computer' as const, level: DEFAULT_LEVEL });
  return next.some((s) => s.kind === 'me') ? next : withSeat(next, 0, 'me');
}

/** Parses an optional whole number field: undefined when empty, NaN when not a whole number. */
export function wholeNumber(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : NaN;
}

/** An option's value as the form holds it: text typed, or a box ticked. */
export type OptionInput = string | boolean;

/** The value the server takes for an option as typed; undefined when left empty, NaN when not a number. */
export function optionValue(option: CatalogOption, input: OptionInput | undefined): string | number | boolean | undefined {
  if (option.type === 'switch') return typeof input === 'boolean' ? input : undefined;
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return undefined;
  return option.type === 'number' ? (wholeNumber(text) ?? NaN) : text;
}

/** What is wrong with the form's values, or null. */
export function formProblem(
  entry: CatalogGame,
  options: Record<string, OptionInput>,
  clock: string,
  seed: string,
  seats: SeatChoice[] = [],
): string | null {
  if (seats.some((s) => s.kind === 'invite' && !(s.name ?? '').trim())) return 'Name the player you invite (or choose another kind of seat).';
  const invited = seats.filter((s) => s.kind === 'invite').map((s) => (s.name ?? '').trim().toLowerCase());
  if (new Set(invited).size !== invited.length) return 'A player is invited to one seat of a game.';
  for (const option of entry.options) {
    const value = optionValue(option, options[option.name]);
    if (typeof value === 'number' && (Number.isNaN(value) || (option.min != null && value < option.min) || (option.max != null && value > option.max))) {
      return `${option.name} is a whole number from ${option.min ?? 0} to ${option.max ?? '…'}.`;
    }
  }
  if (Number.isNaN(wholeNumber(clock))) return 'The clock is a whole number (or empty).';
  if (Number.isNaN(wholeNumber(seed))) return 'The seed is a whole number (or empty).';
  return null;
}

/** The request a form's choices make. */
export function newGameRequest(form: {
  entry: CatalogGame;
  options: Record<string, OptionInput>;
  seats: SeatChoice[];
  clock: string;
  closeEarly: boolean;
  seed: string;
  private?: boolean;
  /** Casual (not rated), where the game could be rated. */
  casual?: boolean;
  /** The ratings an account must have to take an open seat. */
  ratingRange?: [number, number] | null;
  /** Whether the clock stops while a player is on vacation (default yes); only a game with days per move has such a clock. */
  vacation?: boolean;
}): NewGame {
  const { entry } = form;
  const request: NewGame = {
    game: entry.game,
    seats: form.seats.map((s): SeatSpec => {
      if (s.kind === 'me') return { account: 'me' };
      if (s.kind === 'invite') return { account: (s.name ?? '').trim() };
      return s.kind === 'open' ? { open: true } : { computer: s.level };
    }),
  };
  if (form.private) request.private = true;
  if (mayBeRated(form.seats)) {
    if (form.casual) request.rated = false;
    if (form.ratingRange) request.rating_range = form.ratingRange;
  }
  if (entry.variant) request.variant = entry.variant;
  const options: Record<string, unknown> = {};
  for (const option of entry.options) {
    const value = optionValue(option, form.options[option.name]);
    if (value !== undefined) options[option.name] = value;
  }
  if (Object.keys(options).length > 0) request.options = options;
  const seed = wholeNumber(form.seed);
  if (seed !== undefined && !entry.options.some((o) => o.name === 'seed')) request.seed = seed;
  const clock = wholeNumber(form.clock);
  if (entry.rounds) {
    // A round always has a deadline: the rules' default unless set.
    request.clock = { ...(clock !== undefined ? { round_hours: clock } : {}), close_early: form.closeEarly };
  } else if (clock !== undefined) {
    request.clock = { days_per_move: clock };
    if (form.vacation === false && offersVacation(entry, form.clock)) request.vacation = false;
  }
  return request;
}

/**
 * Whether the form offers "Clock stops for vacations": a turn-based game
 * (never Single Capture Go, whose rounds never stop) with days per move.
 */
export function offersVacation(entry: Pick<CatalogGame, 'game' | 'rounds'>, clock: string): boolean {
  const days = wholeNumber(clock);
  return !entry.rounds && entry.game !== 'scg' && days !== undefined && !Number.isNaN(days);
}

/** Whether a game with `seats` may be rated: no seat is the computer's. */
export function mayBeRated(seats: SeatChoice[]): boolean {
  return !seats.some((s) => s.kind === 'computer');
}

/** The seats' names: the game's own, or numbered where it names none. */
export function seatNames(entry: CatalogGame, count: number): string[] {
  return entry.seats.length > 0 ? entry.seats.map((s) => seatName(entry, s.label)) : Array.from({ length: count }, (_, i) => `Player ${i + 1}`);
}

/**
 * An option's help as a newcomer reads it: "whether squares holding @ may
 * not be played (a system rule, off by default)" becomes the label
 * "Squares holding @ may not be played" and the note "an Arbiter rule,
 * not in the rule text".
 */
export function optionWords(help: string): { label: string; note: string | null } {
  let label = help.trim();
  let note: string | null = null;
  const system = /\s*\(a system rule[^)]*\)\s*$/;
  if (system.test(label)) {
    label = label.replace(system, '');
    note = 'an Arbiter rule, not in the rule text';
  }
  label = label.replace(/^whether\s+/i, '');
  return { label: label.charAt(0).toUpperCase() + label.slice(1), note };
}

/** The range a number option takes, ` (0–10)`, unless its help already gives it. */
export function optionRange(option: Pick<CatalogOption, 'type' | 'min' | 'max' | 'help'>): string {
  if (option.type !== 'number' || option.max == null || option.max >= 1e9) return '';
  const min = option.min ?? 0;
  if (new RegExp(`\\(${min}\\s*[-–]\\s*${option.max}\\)`).test(option.help)) return '';
  return ` (${min}–${option.max})`;
}

/** A field of the form for one of the game's options: a box to tick, or text to type. */
export function OptionField(props: { option: CatalogOption; value: OptionInput | undefined; set(value: OptionInput): void }) {
  const { option } = props;
  if (option.type === 'switch') {
    const words = optionWords(option.help);
    const checked = typeof props.value === 'boolean' ? props.value : option.default === true;
    return (
      <label class="check">
        <input type="checkbox" name={option.name} checked={checked} onChange={(e) => props.set(e.currentTarget.checked)} /> {words.label}
        {words.note && <span class="hint"> ({words.note})</span>}
      </label>
    );
  }
  const range = optionRange(option);
  return (
    <label>
      {option.name}
      <span class="hint"> {option.help}{range}</span>
      <input
        name={option.name}
        inputMode={option.type === 'number' ? 'numeric' : undefined}
        placeholder={option.default != null ? String(option.default) : ''}
        value={typeof props.value === 'string' ? props.value : ''}
        onInput={(e) => props.set(e.currentTarget.value)}
      />
    </label>
  );
}

/** A completed name as the list shows it: a bot's marked. */
export function nameLabel(player: PlayerName): string {
  return player.bot ? `${player.name} (bot)` : player.name;
}

/**
 * A player's name, completed from the names the server knows as it is
 * typed (`GET /api/players?prefix=`, at most one request per pause).
 */
function InviteField(props: { seatName: string; index: number; value: string; set(name: string): void }) {
  const [names, setNames] = useState<PlayerName[]>([]);
  const prefix = props.value.trim();
  useEffect(() => {
    if (!prefix) {
      setNames([]);
      return;
    }
    let gone = false;
    const timer = setTimeout(() => {
      api.playerNames(prefix).then((found) => !gone && setNames(found), () => {});
    }, 200);
    return () => {
      gone = true;
      clearTimeout(timer);
    };
  }, [prefix]);
  const list = `invite-names-${props.index}`;
  return (
    <>
      <input
        name={`invite-${props.index}`}
        aria-label={`The player invited to ${props.seatName}`}
        placeholder="their name"
        autocomplete="off"
        list={list}
        value={props.value}
        onInput={(e) => props.set(e.currentTarget.value)}
        data-testid={`invite-${props.index}`}
      />
      <datalist id={list}>
        {names.map((n) => (
          <option key={n.name} value={n.name} label={nameLabel(n)} />
        ))}
      </datalist>
    </>
  );
}

/**
 * The form that starts a game with every option the server takes; a
 * guest's offers the computer's seats only (guests open no game to
 * others). `inviting` names a player the second seat invites at first.
 */
export function NewGameForm(props: { guest?: boolean; inviting?: string } = {}) {
  const catalog = useCatalog();
  const [chosen, setChosen] = useState(0);
  const [options, setOptions] = useState<Record<string, OptionInput>>({});
  const [seed, setSeed] = useState('');
  const [closeEarly, setCloseEarly] = useState(true);
  const [clock, setClock] = useState('');
  const [vacation, setVacation] = useState(true);
  const [seats, setSeats] = useState<SeatChoice[]>([
    { kind: 'me', level: DEFAULT_LEVEL },
    props.inviting ? { kind: 'invite', level: DEFAULT_LEVEL, name: props.inviting } : { kind: 'computer', level: DEFAULT_LEVEL },
  ]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [privateGame, setPrivateGame] = useState(false);
  const [casual, setCasual] = useState(false);
  const [rangeLow, setRangeLow] = useState('');
  const [rangeHigh, setRangeHigh] = useState('');
  const entry = catalog?.games[chosen] ?? null;

  // A game whose table seats more: start with three.
  useEffect(() => {
    if (!entry) return;
    const wanted = Math.min(entry.max_seats, Math.max(entry.min_seats, entry.seats.length > 0 ? entry.seats.length : Math.max(seats.length, 3)));
    if (wanted !== seats.length) setSeats(resized(seats, wanted));
  }, [entry?.game, entry?.variant]);

  if (!catalog || !entry) return <p class="hint">Loading the games…</p>;
  const names = seatNames(entry, seats.length);
  const setSeat = (i: number, change: Partial<SeatChoice>) => setSeats(seats.map((s, j) => (i === j ? { ...s, ...change } : s)));

  const submit = async (event: Event) => {
    event.preventDefault();
    setError(null);
    const problem = formProblem(entry, options, clock, seed, seats);
    if (problem) {
      setError(problem);
      return;
    }
    const ratingRange = readRange(rangeLow, rangeHigh);
    if (typeof ratingRange === 'string') {
      setError(ratingRange);
      return;
    }
    setBusy(true);
    try {
      const view = await api.createGame(newGameRequest({ entry, options, seats, clock, closeEarly, seed, private: privateGame, casual, ratingRange, vacation }));
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
        {catalog.games.map((g, i) => (
          <label key={`${g.game}/${g.variant ?? ''}`} class="choice" title={g.about ?? undefined}>
            <input
              type="radio"
              name="game"
              value={g.variant ? `${g.game}/${g.variant}` : g.game}
              checked={chosen === i}
              onChange={() => {
                setChosen(i);
                setOptions({});
              }}
            />{' '}
            {g.name}
          </label>
        ))}
        <a href={entry.rules} class="rules-link" data-testid="new-game-rules">Rules of {entry.name}</a>
      </fieldset>
      {entry.options.length > 0 && (
        <div class="row">
          {entry.options.map((option) => (
            <OptionField key={option.name} option={option} value={options[option.name]} set={(value) => setOptions({ ...options, [option.name]: value })} />
          ))}
        </div>
      )}
      <fieldset>
        <legend>Seats</legend>
        <p class="hint" data-testid="seat-rule">You hold one seat of every game you start: choose “me” for another seat to move there.</p>
        {entry.min_seats !== entry.max_seats && (
          <label>
            Players
            <select name="players" value={seats.length} onChange={(e) => setSeats(resized(seats, Number(e.currentTarget.value)))}>
              {Array.from({ length: entry.max_seats - entry.min_seats + 1 }, (_, i) => i + entry.min_seats).map((n) => (
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
              {!props.guest && <option value="open" disabled={seat.kind === 'me'}>open: anyone may take it</option>}
              {!props.guest && <option value="invite" disabled={seat.kind === 'me'}>a player I invite</option>}
              <option value="computer" disabled={seat.kind === 'me'}>the computer</option>
            </select>
            {seat.kind === 'invite' && <InviteField seatName={names[i]} index={i} value={seat.name ?? ''} set={(name) => setSeat(i, { name })} />}
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
          {entry.rounds ? 'Hours per round' : 'Days per move'}{' '}
          <span class="hint">{entry.rounds ? '(empty: the rules’ default)' : '(empty: no deadline)'}</span>
          <input name="clock" inputMode="numeric" value={clock} onInput={(e) => setClock(e.currentTarget.value)} />
        </label>
        {offersVacation(entry, clock) && (
          <label class="check">
            <input type="checkbox" name="vacation" checked={vacation} onChange={(e) => setVacation(e.currentTarget.checked)} data-testid="vacation-clock" /> Clock
            stops for vacations <span class="hint">(unticked: the game is played without vacation)</span>
          </label>
        )}
        {!entry.options.some((o) => o.name === 'seed') && (
          <label>
            Seed <span class="hint">(optional: the same number makes the computer choose the same moves again)</span>
            <input name="seed" inputMode="numeric" value={seed} onInput={(e) => setSeed(e.currentTarget.value)} />
          </label>
        )}
        {!props.guest && (
        <label class="check">
          <input type="checkbox" name="private" checked={privateGame} onChange={(e) => setPrivateGame(e.currentTarget.checked)} /> Private: in no
          public list; open seats are taken with the game’s invite link
        </label>
        )}
        {!props.guest && mayBeRated(seats) && (
          <>
            <label class="check">
              <input type="checkbox" name="rated" checked={!casual} onChange={(e) => setCasual(!e.currentTarget.checked)} /> Rated: the
              result changes both players’ ratings
            </label>
            {seats.some((s) => s.kind === 'open') && (
              <fieldset class="row range">
                <legend>
                  Open seats for ratings <span class="hint">(optional)</span>
                </legend>
                <label>
                  from <input name="rating_low" inputMode="numeric" size={5} value={rangeLow} onInput={(e) => setRangeLow(e.currentTarget.value)} />
                </label>
                <label>
                  to <input name="rating_high" inputMode="numeric" size={5} value={rangeHigh} onInput={(e) => setRangeHigh(e.currentTarget.value)} />
                </label>
              </fieldset>
            )}
          </>
        )}
        {entry.rounds && (
          <label class="check">
            <input type="checkbox" name="close_early" checked={closeEarly} onChange={(e) => setCloseEarly(e.currentTarget.checked)} /> Close a round once every play is in
          </label>
        )}
      </div>
      {error && <p class="error" role="alert" data-testid="error">{error}</p>}
      <button type="submit" disabled={busy} data-testid="create-game">Start the game</button>
    </form>
  );
}
