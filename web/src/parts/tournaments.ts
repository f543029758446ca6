// Tournaments as players read them: kinds, states and times in words,
// scores with halves, the standings in order, a crosstable built from the
// rounds' pairings, what a viewer may do, and the form that creates one.

import type { CatalogGame, NewTournament, Pairing, TournamentPlayer, TournamentSummary, TournamentView } from '../api/types';
import { optionValue, type OptionInput } from './new-game';

/** The kinds of tournament the server runs. */
export type TournamentKind = 'round_robin' | 'double_round_robin' | 'swiss' | 'scg_tables';

const KIND_NAMES: Record<TournamentKind, string> = {
  round_robin: 'Round robin',
  double_round_robin: 'Double round robin',
  swiss: 'Swiss',
  scg_tables: 'Single Capture Go tables',
};

/** A kind within a sentence: `for a Swiss`. */
const KIND_WORDS: Record<TournamentKind, string> = {
  round_robin: 'a round robin',
  double_round_robin: 'a double round robin',
  swiss: 'a Swiss',
  scg_tables: 'Single Capture Go tables',
};

/** A kind in words: `Double round robin`; a kind this client does not know, as the server spells it. */
export function kindName(kind: string): string {
  return KIND_NAMES[kind as TournamentKind] ?? kind.replace(/_/g, ' ');
}

/** The kinds a game's tournaments may be: a game played in rounds by a table of many has tables; the others, the rest. */
export function kindsFor(entry: Pick<CatalogGame, 'rounds'> | null): TournamentKind[] {
  return entry?.rounds ? ['scg_tables'] : ['round_robin', 'double_round_robin', 'swiss'];
}

/** The fewest players a kind starts with, the most it takes, and the most when none is set. */
export function playerBounds(kind: TournamentKind): [number, number, number] {
  if (kind === 'swiss') return [2, 1000, 64];
  if (kind === 'scg_tables') return [3, 1000, 48];
  return [3, 12, 12];
}

/** Points as players write them: `2½`, `½`, `3`; what is not a half stays a decimal (`0.67`). */
export function scoreText(points: number): string {
  const rounded = Math.round(points * 100) / 100;
  const whole = Math.floor(rounded);
  const rest = Math.round((rounded - whole) * 100);
  if (rest === 0) return String(whole);
  if (rest === 50) return whole === 0 ? '½' : `${whole}½`;
  return String(rounded);
}

/** How long a player has: `3 days a move`; a table's rounds, `48 hours a round`. */
export function paceText(kind: string, days: number): string {
  if (kind === 'scg_tables') return `${24 * days} hours a round`;
  return `${days} ${days === 1 ? 'day' : 'days'} a move`;
}

/** A time (RFC 3339) for people: `1 December 2026, 18:00`, in the browser's time zone unless `timeZone` is given. */
export function timeText(time: string, timeZone?: string): string {
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) return time;
  const day = at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone });
  const hour = at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
  return `${day}, ${hour}`;
}

/** Whether a kind starts every round at once (a round robin's schedule is known from the start). */
export function allAtOnce(kind: string): boolean {
  return kind === 'round_robin' || kind === 'double_round_robin';
}

/** Which round it is at, while running: `round 2 of 5`; a round robin plays every round at once, `every round under way`. */
function roundNow(t: Pick<TournamentSummary, 'kind' | 'round' | 'rounds_planned'>): string {
  if (allAtOnce(t.kind)) return 'every round under way';
  return t.rounds_planned > 0 ? `round ${t.round} of ${t.rounds_planned}` : `round ${t.round}`;
}

/** How a tournament stands, in words: `Upcoming`, `Running: round 2 of 5`, `Finished`, `Called off`. */
export function stateText(t: Pick<TournamentSummary, 'kind' | 'state' | 'round' | 'rounds_planned' | 'called_off'>): string {
  if (t.called_off) return 'Called off';
  if (t.state === 'upcoming') return 'Upcoming';
  if (t.state === 'running') return `Running: ${roundNow(t)}`;
  if (t.state === 'finished') return 'Finished';
  return t.state;
}

/** When, in a list: `starts 1 December 2026, 18:00`, `round 2 of 5 · started …`, `ended …`, `called off: too few players`. */
export function whenText(
  t: Pick<TournamentSummary, 'kind' | 'state' | 'round' | 'rounds_planned' | 'starts_at' | 'ended_at' | 'called_off'>,
  timeZone?: string,
): string {
  if (t.called_off) return `called off: ${t.called_off}`;
  if (t.state === 'upcoming') return `starts ${timeText(t.starts_at, timeZone)}`;
  if (t.state === 'running') return `${roundNow(t)} · started ${timeText(t.starts_at, timeZone)}`;
  return t.ended_at ? `ended ${timeText(t.ended_at, timeZone)}` : 'finished';
}

/** How far its games have come: `3 of 6 games finished`; empty before any is paired. */
export function gamesText(view: Pick<TournamentView, 'rounds'>): string {
  const games = view.rounds.flatMap((r) => r.pairings);
  if (games.length === 0) return '';
  const over = games.filter((p) => !!p.result).length;
  return `${over} of ${games.length} ${games.length === 1 ? 'game' : 'games'} finished`;
}

/**
 * Its start in words on its page: `Starts 1 December 2026, 18:00`, `Started …`
 * (the server moves the time to the moment its organiser started it, if
 * that was early), `Was to start …` (called off).
 */
export function startText(t: Pick<TournamentSummary, 'state' | 'starts_at' | 'called_off'>, timeZone?: string): string {
  const at = timeText(t.starts_at, timeZone);
  if (t.called_off) return `Was to start ${at}`;
  if (t.state === 'upcoming') return `Starts ${at}`;
  return `Started ${at}`;
}

/** Its rounds in words: `5 rounds`, `1 round`; before a start that sets them, `rounds set at the start`. */
export function roundsText(t: Pick<TournamentSummary, 'rounds_planned'>): string {
  if (t.rounds_planned <= 0) return 'rounds set at the start';
  return `${t.rounds_planned} ${t.rounds_planned === 1 ? 'round' : 'rounds'}`;
}

/** Its players against its room: `3/12 players`. */
export function playersText(t: Pick<TournamentSummary, 'player_count' | 'max_players'>): string {
  return `${t.player_count}/${t.max_players} players`;
}

/** The players in the order of the standings, first place first; any the standings leave out follow in the order they joined. */
export function standingRows(view: Pick<TournamentView, 'players' | 'standings'>): TournamentPlayer[] {
  const place = new Map(view.standings.map((name, i) => [name, i]));
  const far = view.standings.length;
  return view.players
    .map((player, joined) => ({ player, joined }))
    .sort((a, b) => (place.get(a.player.name) ?? far) - (place.get(b.player.name) ?? far) || a.joined - b.joined)
    .map((row) => row.player);
}

/** A finished game's result for one player against one opponent: `1`, `½` or `0`. */
export type Outcome = '1' | '½' | '0';

/**
 * What the seat `mine` of a finished pairing scored against the seat
 * `theirs`: a game of two as its result reads (`1-0`, `½-½`; called off,
 * `0-0`, is nothing to either); at a table, by finishing place (ahead
 * wins, level draws). Null while it is played or when the result does
 * not read.
 */
export function versus(pairing: Pick<Pairing, 'result' | 'seats'>, mine: number, theirs: number): Outcome | null {
  const result = pairing.result?.trim();
  if (!result || mine === theirs) return null;
  const pair = /^(1|0|½)\s*-\s*(1|0|½)$/.exec(result);
  if (pair) {
    if (pairing.seats.length !== 2 || mine > 1 || theirs > 1) return null;
    return pair[mine + 1] as Outcome;
  }
  const places = result.split(/\s+/).map(Number);
  if (places.length !== pairing.seats.length || places.some((p) => !Number.isInteger(p) || p < 1)) return null;
  const [a, b] = [places[mine], places[theirs]];
  if (a === undefined || b === undefined) return null;
  return a < b ? '1' : a === b ? '½' : '0';
}

/** One game in a crosstable's cell: its id and the row player's result. */
export interface CrossResult {
  game: string;
  round: number;
  text: Outcome;
}

/** A crosstable: the players in the standings' order, and for each pair the row player's results against the column player. */
export interface Crosstable {
  players: TournamentPlayer[];
  /** `cells[i][j]`: the games of `players[i]` against `players[j]`, in round order; the diagonal is empty. */
  cells: CrossResult[][][];
}

/** The crosstable of a tournament, from its rounds' finished pairings. */
export function crosstable(view: Pick<TournamentView, 'players' | 'standings' | 'rounds'>): Crosstable {
  const players = standingRows(view);
  const index = new Map(players.map((p, i) => [p.name, i]));
  const cells: CrossResult[][][] = players.map(() => players.map(() => []));
  for (const round of view.rounds) {
    for (const pairing of round.pairings) {
      pairing.seats.forEach((name, mine) => {
        const row = index.get(name);
        if (row === undefined) return;
        pairing.seats.forEach((other, theirs) => {
          const column = index.get(other);
          if (column === undefined || column === row) return;
          const text = versus(pairing, mine, theirs);
          if (text) cells[row][column].push({ game: pairing.game, round: round.number, text });
        });
      });
    }
  }
  return { players, cells };
}

/** A crosstable cell's text: its results joined, `1 ½`; empty where the two have not finished a game. */
export function cellText(cell: readonly CrossResult[]): string {
  return cell.map((r) => r.text).join(' ');
}

/** A pairing's players: `ann – bob`. */
export function pairingText(pairing: Pick<Pairing, 'seats'>): string {
  return pairing.seats.join(' – ');
}

/** A pairing's result in words: `1-0`, `½-½`, `called off`, a table's places `places 1 2 2 4`, or `playing`. */
export function pairingResult(pairing: Pick<Pairing, 'result' | 'seats'>): string {
  const result = pairing.result?.trim();
  if (!result) return 'playing';
  if (result === '0-0') return 'called off';
  if (/^(1|0|½)\s*-\s*(1|0|½)$/.test(result)) return result;
  return `places ${result}`;
}

/** A bye in words: `a bye, worth 1`; a round off, worth nothing. */
export function byeText(points: number): string {
  return points > 0 ? `a bye, worth ${scoreText(points)}` : 'a round off';
}

/** What a viewer may do with the tournament as a whole, in the order the page offers it. */
export type Action = 'join' | 'leave' | 'withdraw' | 'start';

/** The buttons the page shows for `may` (the view's list): join, leave or withdraw, start. */
export function actionsShown(may: readonly string[]): Action[] {
  return (['join', 'leave', 'withdraw', 'start'] as const).filter((a) => may.includes(a));
}

/** Whether the page offers to remove `player`: the organiser may (the view says `remove`), never themself, nor someone gone already. */
export function mayRemove(view: Pick<TournamentView, 'may' | 'organiser'>, player: Pick<TournamentPlayer, 'name' | 'withdrawn'>): boolean {
  return view.may.includes('remove') && !player.withdrawn && player.name !== view.organiser;
}

/** A `datetime-local` input's value for `at`, in the browser's time zone: `2026-12-01T18:00`. */
export function localInput(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A new tournament's start when none is chosen: an hour from `now`, to the minute. */
export function defaultStart(now: Date): string {
  return localInput(new Date(now.getTime() + 3600_000));
}

/** What the new-tournament form holds. */
export interface TournamentForm {
  name: string;
  entry: Pick<CatalogGame, 'game' | 'variant' | 'rounds' | 'options'>;
  /** The game's options as typed or ticked (those left alone: the game's defaults). */
  options?: Record<string, OptionInput>;
  kind: TournamentKind;
  /** A Swiss's rounds, as typed. */
  rounds: string;
  /** Days per move, as typed. */
  days: string;
  rated: boolean;
  /** The most players, as typed (empty: the kind's default). */
  maxPlayers: string;
  /** The start, a `datetime-local` value (the browser's time zone). */
  startsAt: string;
}

/** A whole number typed, undefined when empty, NaN when not one. */
function whole(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : NaN;
}

/** The request the form makes, or what is wrong with it in words. */
export function newTournamentRequest(form: TournamentForm, now: Date = new Date()): NewTournament | string {
  const name = form.name.trim();
  if (name === '') return 'Name the tournament.';
  if ([...name].length > 80) return 'A tournament’s name is at most 80 characters.';
  if (!kindsFor(form.entry).includes(form.kind)) return `${kindName(form.kind)} is not a kind for this game.`;
  const days = whole(form.days);
  if (days === undefined || Number.isNaN(days) || days < 1 || days > 365) return 'Days per move is a whole number from 1 to 365.';
  const request: NewTournament = { name, game: form.entry.game, kind: form.kind, days_per_move: days, rated: form.rated, starts_at: '' };
  if (form.entry.variant) request.variant = form.entry.variant;
  const options: Record<string, unknown> = {};
  for (const option of form.entry.options) {
    const value = optionValue(option, form.options?.[option.name]);
    if (typeof value === 'number' && (Number.isNaN(value) || (option.min != null && value < option.min) || (option.max != null && value > option.max))) {
      return `${option.name} is a whole number from ${option.min ?? 0} to ${option.max ?? '…'}.`;
    }
    if (value !== undefined) options[option.name] = value;
  }
  if (Object.keys(options).length > 0) request.options = options;
  if (form.kind === 'swiss') {
    const rounds = whole(form.rounds);
    if (rounds === undefined || Number.isNaN(rounds) || rounds < 1 || rounds > 20) return 'A Swiss has 1 to 20 rounds.';
    request.rounds = rounds;
  }
  const max = whole(form.maxPlayers);
  if (max !== undefined) {
    const [fewest, most] = playerBounds(form.kind);
    if (Number.isNaN(max) || max < fewest || max > most) return `The most players is ${fewest} to ${most} for ${KIND_WORDS[form.kind]}.`;
    request.max_players = max;
  }
  const start = new Date(form.startsAt);
  if (form.startsAt.trim() === '' || Number.isNaN(start.getTime())) return 'Choose when it starts.';
  if (start.getTime() < now.getTime() - 60_000) return 'The start has passed: choose a time from now on.';
  if (start.getTime() > now.getTime() + 365 * 24 * 3600_000) return 'A tournament starts within a year.';
  request.starts_at = start.toISOString();
  return request;
}
