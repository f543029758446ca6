import { describe, expect, it } from 'vitest';
import { CATALOG } from '../boards/fixtures';
import type { TournamentPlayer, TournamentView } from '../api/types';
import {
  actionsShown,
  byeText,
  cellText,
  crosstable,
  defaultStart,
  gamesText,
  kindName,
  kindsFor,
  localInput,
  mayRemove,
  newTournamentRequest,
  paceText,
  pairingResult,
  pairingText,
  playersText,
  roundsText,
  scoreText,
  standingRows,
  startText,
  stateText,
  timeText,
  versus,
  whenText,
  type TournamentForm,
} from './tournaments';

const player = (name: string, score = 0, rest: Partial<TournamentPlayer> = {}): TournamentPlayer => ({
  name,
  rank: 1,
  score,
  tiebreaks: { sonneborn_berger: 0, buchholz: 0, head_to_head: 0 },
  withdrawn: false,
  ...rest,
});

/** A view with only what the functions read; the rest as a fresh tournament has it. */
const view = (part: Partial<TournamentView>): TournamentView => ({
  id: 1,
  name: 'Winter cup',
  game: 'sage',
  kind: 'round_robin',
  state: 'running',
  organiser: 'ann',
  max_players: 12,
  rounds_planned: 3,
  round: 1,
  days_per_move: 3,
  rated: true,
  vacation: true,
  starts_at: '2026-12-01T18:00:00Z',
  players: [],
  rounds: [],
  standings: [],
  joined: false,
  may: [],
  ...part,
});

describe('kinds', () => {
  it('are named in words, an unknown one as the server spells it', () => {
    expect(kindName('round_robin')).toBe('Round robin');
    expect(kindName('double_round_robin')).toBe('Double round robin');
    expect(kindName('swiss')).toBe('Swiss');
    expect(kindName('scg_tables')).toBe('Single Capture Go tables');
    expect(kindName('knock_out')).toBe('knock out');
  });

  it('follow the game: tables for a game of rounds, the others for a game of two', () => {
    const scg = CATALOG.games.find((g) => g.game === 'scg')!;
    const sage = CATALOG.games.find((g) => g.game === 'sage')!;
    expect(kindsFor(scg)).toEqual(['scg_tables']);
    expect(kindsFor(sage)).toEqual(['round_robin', 'double_round_robin', 'swiss']);
    expect(kindsFor(null)).toEqual(['round_robin', 'double_round_robin', 'swiss']);
  });
});

describe('scores', () => {
  it('show halves as players write them', () => {
    expect(scoreText(2.5)).toBe('2½');
    expect(scoreText(0.5)).toBe('½');
    expect(scoreText(0)).toBe('0');
    expect(scoreText(3)).toBe('3');
    expect(scoreText(10.5)).toBe('10½');
  });

  it('keep a share of a table as a decimal, to two places', () => {
    expect(scoreText(0.67)).toBe('0.67');
    expect(scoreText(1.33)).toBe('1.33');
    expect(scoreText(2 / 3)).toBe('0.67');
    expect(scoreText(1.4999999)).toBe('1½');
    expect(scoreText(0.25)).toBe('0.25');
  });
});

describe('a tournament in words', () => {
  it('says how it stands', () => {
    const swiss = { kind: 'swiss', state: 'upcoming', round: 0, rounds_planned: 5 };
    expect(stateText(swiss)).toBe('Upcoming');
    expect(stateText({ ...swiss, state: 'running', round: 2 })).toBe('Running: round 2 of 5');
    expect(stateText({ ...swiss, state: 'running', round: 1, rounds_planned: 0 })).toBe('Running: round 1');
    expect(stateText({ ...swiss, kind: 'round_robin', state: 'running', round: 5 }), 'a round robin plays every round at once').toBe(
      'Running: every round under way',
    );
    expect(stateText({ ...swiss, kind: 'double_round_robin', state: 'running', round: 6, rounds_planned: 6 })).toBe('Running: every round under way');
    expect(stateText({ ...swiss, state: 'finished', round: 5 })).toBe('Finished');
    expect(stateText({ ...swiss, state: 'finished', called_off: 'too few players' })).toBe('Called off');
  });

  it('says when, in a list', () => {
    const t = { kind: 'swiss', state: 'upcoming', round: 0, rounds_planned: 0, starts_at: '2026-12-01T18:00:00Z' };
    expect(whenText(t, 'UTC')).toBe('starts 1 December 2026, 18:00');
    expect(whenText({ ...t, state: 'running', round: 2, rounds_planned: 5 }, 'UTC')).toBe('round 2 of 5 · started 1 December 2026, 18:00');
    expect(whenText({ ...t, kind: 'round_robin', state: 'running', round: 5, rounds_planned: 5 }, 'UTC')).toBe(
      'every round under way · started 1 December 2026, 18:00',
    );
    expect(whenText({ ...t, state: 'finished', ended_at: '2026-12-09T07:30:00Z' }, 'UTC')).toBe('ended 9 December 2026, 07:30');
    expect(whenText({ ...t, state: 'finished' })).toBe('finished');
    expect(whenText({ ...t, state: 'finished', called_off: 'too few players: 1 joined' })).toBe('called off: too few players: 1 joined');
  });

  it('says when it starts or started', () => {
    const t = { state: 'upcoming', starts_at: '2026-12-01T18:00:00Z' };
    expect(startText(t, 'UTC')).toBe('Starts 1 December 2026, 18:00');
    expect(startText({ ...t, state: 'running' }, 'UTC')).toBe('Started 1 December 2026, 18:00');
    expect(startText({ ...t, state: 'finished' }, 'UTC')).toBe('Started 1 December 2026, 18:00');
    expect(startText({ ...t, state: 'finished', called_off: 'too few players' }, 'UTC')).toBe('Was to start 1 December 2026, 18:00');
  });

  it('counts its games finished', () => {
    expect(gamesText({ rounds: [] })).toBe('');
    const pairing = (game: string, result?: string) => ({ seats: ['ann', 'bob'], game, result });
    expect(gamesText({ rounds: [{ number: 1, state: 'running', pairings: [pairing('g1')], byes: [] }] })).toBe('0 of 1 game finished');
    expect(
      gamesText({
        rounds: [
          { number: 1, state: 'finished', pairings: [pairing('g1', '1-0'), pairing('g2', '½-½')], byes: [] },
          { number: 2, state: 'running', pairings: [pairing('g3'), pairing('g4', '0-0')], byes: [] },
        ],
      }),
    ).toBe('3 of 4 games finished');
  });

  it('counts its rounds and players, and gives its pace', () => {
    expect(roundsText({ rounds_planned: 0 })).toBe('rounds set at the start');
    expect(roundsText({ rounds_planned: 1 })).toBe('1 round');
    expect(roundsText({ rounds_planned: 7 })).toBe('7 rounds');
    expect(playersText({ player_count: 3, max_players: 12 })).toBe('3/12 players');
    expect(paceText('swiss', 1)).toBe('1 day a move');
    expect(paceText('round_robin', 3)).toBe('3 days a move');
    expect(paceText('scg_tables', 2)).toBe('48 hours a round');
  });

  it('gives a time readably, and a time that does not read as it came', () => {
    expect(timeText('2026-12-01T18:05:00Z', 'UTC')).toBe('1 December 2026, 18:05');
    expect(timeText('2026-12-01T18:05:00Z', 'Europe/Paris')).toBe('1 December 2026, 19:05');
    expect(timeText('soon')).toBe('soon');
  });
});

describe('the standings', () => {
  it('follow the view’s order, those it leaves out after, as they joined', () => {
    const players = [player('ann'), player('bob', 2), player('cy', 1), player('dee')];
    expect(standingRows({ players, standings: ['bob', 'cy', 'ann', 'dee'] }).map((p) => p.name)).toEqual(['bob', 'cy', 'ann', 'dee']);
    expect(standingRows({ players, standings: ['cy'] }).map((p) => p.name)).toEqual(['cy', 'ann', 'bob', 'dee']);
    expect(standingRows({ players, standings: [] }).map((p) => p.name)).toEqual(['ann', 'bob', 'cy', 'dee']);
  });
});

describe('a result against one opponent', () => {
  it('reads a game of two from either seat', () => {
    const won = { seats: ['ann', 'bob'], result: '1-0' };
    expect(versus(won, 0, 1)).toBe('1');
    expect(versus(won, 1, 0)).toBe('0');
    expect(versus({ seats: ['ann', 'bob'], result: '0-1' }, 0, 1)).toBe('0');
    expect(versus({ seats: ['ann', 'bob'], result: '½-½' }, 1, 0)).toBe('½');
    expect(versus({ seats: ['ann', 'bob'], result: '0-0' }, 0, 1), 'called off: nothing to either').toBe('0');
  });

  it('reads a table by finishing place: ahead wins, level draws', () => {
    const table = { seats: ['ann', 'bob', 'cy', 'dee'], result: '1 2 2 4' };
    expect(versus(table, 0, 1)).toBe('1');
    expect(versus(table, 1, 0)).toBe('0');
    expect(versus(table, 1, 2)).toBe('½');
    expect(versus(table, 2, 3)).toBe('1');
    expect(versus(table, 3, 0)).toBe('0');
  });

  it('is nothing while the game is played, against oneself, or when the result does not read', () => {
    expect(versus({ seats: ['ann', 'bob'] }, 0, 1)).toBeNull();
    expect(versus({ seats: ['ann', 'bob'], result: null }, 0, 1)).toBeNull();
    expect(versus({ seats: ['ann', 'bob'], result: '1-0' }, 0, 0)).toBeNull();
    expect(versus({ seats: ['ann', 'bob', 'cy'], result: '1 2' }, 0, 1)).toBeNull();
    expect(versus({ seats: ['ann', 'bob', 'cy'], result: '1-0' }, 0, 1)).toBeNull();
    expect(versus({ seats: ['ann', 'bob'], result: 'won' }, 0, 1)).toBeNull();
  });
});

describe('the crosstable', () => {
  it('puts each player’s results against each opponent, in the standings’ order, the diagonal empty', () => {
    const t = view({
      players: [player('ann', 1), player('bob', 1.5), player('cy', 0.5)],
      standings: ['bob', 'ann', 'cy'],
      rounds: [
        { number: 1, state: 'finished', pairings: [{ seats: ['ann', 'bob'], game: 'g1', result: '1-0' }], byes: [{ name: 'cy', points: 0 }] },
        { number: 2, state: 'finished', pairings: [{ seats: ['bob', 'cy'], game: 'g2', result: '1-0' }], byes: [{ name: 'ann', points: 0 }] },
        { number: 3, state: 'running', pairings: [{ seats: ['cy', 'ann'], game: 'g3', result: null }], byes: [{ name: 'bob', points: 0 }] },
      ],
    });
    const table = crosstable(t);
    expect(table.players.map((p) => p.name)).toEqual(['bob', 'ann', 'cy']);
    const text = table.cells.map((row) => row.map(cellText));
    expect(text).toEqual([
      ['', '0', '1'],
      ['1', '', ''],
      ['0', '', ''],
    ]);
    expect(table.cells[0][1]).toEqual([{ game: 'g1', round: 1, text: '0' }]);
  });

  it('joins the games of a double round robin in round order', () => {
    const t = view({
      kind: 'double_round_robin',
      players: [player('ann'), player('bob')],
      standings: ['ann', 'bob'],
      rounds: [
        { number: 1, state: 'finished', pairings: [{ seats: ['ann', 'bob'], game: 'g1', result: '½-½' }], byes: [] },
        { number: 2, state: 'finished', pairings: [{ seats: ['bob', 'ann'], game: 'g2', result: '0-1' }], byes: [] },
      ],
    });
    const table = crosstable(t);
    expect(cellText(table.cells[0][1])).toBe('½ 1');
    expect(cellText(table.cells[1][0])).toBe('½ 0');
    expect(table.cells[0][1].map((r) => r.game)).toEqual(['g1', 'g2']);
  });

  it('counts a table as a game between every two of its players', () => {
    const t = view({
      kind: 'scg_tables',
      game: 'scg',
      players: [player('ann'), player('bob'), player('cy'), player('dee')],
      standings: ['ann', 'bob', 'cy', 'dee'],
      rounds: [{ number: 1, state: 'finished', pairings: [{ seats: ['dee', 'cy', 'bob', 'ann'], game: 't1', result: '4 2 2 1' }], byes: [] }],
    });
    const text = crosstable(t).cells.map((row) => row.map(cellText));
    expect(text).toEqual([
      ['', '1', '1', '1'],
      ['0', '', '½', '1'],
      ['0', '½', '', '1'],
      ['0', '0', '0', ''],
    ]);
  });

  it('leaves out a name it does not know', () => {
    const t = view({
      players: [player('ann'), player('bob')],
      standings: ['ann', 'bob'],
      rounds: [{ number: 1, state: 'finished', pairings: [{ seats: ['ann', '?'], game: 'g1', result: '1-0' }], byes: [] }],
    });
    expect(crosstable(t).cells.flat(2)).toEqual([]);
  });
});

describe('a round', () => {
  it('shows its pairings, their results, and its byes', () => {
    expect(pairingText({ seats: ['ann', 'bob'] })).toBe('ann – bob');
    expect(pairingText({ seats: ['ann', 'bob', 'cy'] })).toBe('ann – bob – cy');
    expect(pairingResult({ seats: ['ann', 'bob'] })).toBe('playing');
    expect(pairingResult({ seats: ['ann', 'bob'], result: '1-0' })).toBe('1-0');
    expect(pairingResult({ seats: ['ann', 'bob'], result: '½-½' })).toBe('½-½');
    expect(pairingResult({ seats: ['ann', 'bob'], result: '0-0' })).toBe('called off');
    expect(pairingResult({ seats: ['ann', 'bob', 'cy'], result: '1 2 2' })).toBe('places 1 2 2');
    expect(byeText(1)).toBe('a bye, worth 1');
    expect(byeText(0.5)).toBe('a bye, worth ½');
    expect(byeText(0)).toBe('a round off');
  });
});

describe('what a viewer may do', () => {
  it('follows the view’s list, in the page’s order, leaving out what the page does not offer as a button', () => {
    expect(actionsShown([])).toEqual([]);
    expect(actionsShown(['join'])).toEqual(['join']);
    expect(actionsShown(['remove', 'start', 'leave'])).toEqual(['leave', 'start']);
    expect(actionsShown(['withdraw', 'remove'])).toEqual(['withdraw']);
    expect(actionsShown(['fly'])).toEqual([]);
  });

  it('removes a player only as the organiser, never the organiser, nor one gone already', () => {
    const t = view({ may: ['start', 'remove'], organiser: 'ann' });
    expect(mayRemove(t, player('bob'))).toBe(true);
    expect(mayRemove(t, player('ann'))).toBe(false);
    expect(mayRemove(t, player('cy', 0, { withdrawn: true }))).toBe(false);
    expect(mayRemove(view({ may: ['join'] }), player('bob'))).toBe(false);
  });
});

describe('the new-tournament form', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const sage = CATALOG.games.find((g) => g.game === 'sage')!;
  const scg = CATALOG.games.find((g) => g.game === 'scg')!;
  const classic = CATALOG.games.find((g) => g.game === 'agog' && g.variant === 'classic')!;
  const form = (part: Partial<TournamentForm> = {}): TournamentForm => ({
    name: ' Winter cup ',
    entry: sage,
    kind: 'round_robin',
    rounds: '5',
    days: '3',
    rated: true,
    maxPlayers: '',
    startsAt: localInput(new Date(now.getTime() + 3600_000)),
    ...part,
  });

  it('starts an hour from now, to the minute, in the browser’s time', () => {
    const start = defaultStart(new Date(2026, 11, 1, 17, 59, 30));
    expect(start).toBe('2026-12-01T18:59');
    expect(localInput(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02T03:04');
  });

  it('makes the request: trimmed name, the time in UTC, no rounds but for a Swiss', () => {
    const request = newTournamentRequest(form(), now);
    expect(request).toEqual({
      name: 'Winter cup',
      game: 'sage',
      kind: 'round_robin',
      days_per_move: 3,
      rated: true,
      starts_at: '2026-12-01T13:00:00.000Z',
    });
    expect(newTournamentRequest(form({ kind: 'swiss', rounds: '4', maxPlayers: '16', rated: false }), now)).toMatchObject({
      kind: 'swiss',
      rounds: 4,
      max_players: 16,
      rated: false,
    });
    expect(newTournamentRequest(form({ entry: classic }), now)).toMatchObject({ game: 'agog', variant: 'classic' });
    expect(newTournamentRequest(form({ entry: scg, kind: 'scg_tables' }), now)).toMatchObject({ game: 'scg', kind: 'scg_tables' });
    expect(newTournamentRequest(form({ entry: classic, options: { handicap: '2' } }), now)).toMatchObject({ options: { handicap: 2 } });
    expect(newTournamentRequest(form({ options: { repetition: false } }), now)).toMatchObject({ options: { repetition: false } });
    expect(newTournamentRequest(form({ options: { repetition: '' } }), now), 'an option left alone is not sent').not.toHaveProperty('options');
  });

  it('names what is wrong', () => {
    expect(newTournamentRequest(form({ name: '  ' }), now)).toMatch(/Name/);
    expect(newTournamentRequest(form({ name: 'x'.repeat(81) }), now)).toMatch(/80/);
    expect(newTournamentRequest(form({ entry: scg, kind: 'swiss' }), now)).toMatch(/Swiss is not a kind for this game/);
    expect(newTournamentRequest(form({ kind: 'scg_tables' }), now)).toMatch(/not a kind/);
    expect(newTournamentRequest(form({ entry: classic, options: { handicap: '11' } }), now)).toBe('handicap is a whole number from 0 to 10.');
    expect(newTournamentRequest(form({ days: '0' }), now)).toMatch(/1 to 365/);
    expect(newTournamentRequest(form({ days: '2.5' }), now)).toMatch(/1 to 365/);
    expect(newTournamentRequest(form({ kind: 'swiss', rounds: '21' }), now)).toMatch(/1 to 20 rounds/);
    expect(newTournamentRequest(form({ kind: 'swiss', rounds: '' }), now)).toMatch(/1 to 20 rounds/);
    expect(newTournamentRequest(form({ maxPlayers: '13' }), now)).toBe('The most players is 3 to 12 for a round robin.');
    expect(newTournamentRequest(form({ kind: 'swiss', maxPlayers: '1' }), now)).toBe('The most players is 2 to 1000 for a Swiss.');
    expect(newTournamentRequest(form({ startsAt: '' }), now)).toMatch(/when it starts/);
    expect(newTournamentRequest(form({ startsAt: localInput(new Date(now.getTime() - 3600_000)) }), now)).toMatch(/passed/);
    expect(newTournamentRequest(form({ startsAt: localInput(new Date(now.getTime() + 400 * 24 * 3600_000)) }), now)).toMatch(/within a year/);
  });
});
