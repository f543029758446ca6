import { describe, expect, it } from 'vitest';
import { entryFor } from '../api/catalog';
import type { GameView } from '../api/types';
import { CATALOG, viewOf } from '../boards/fixtures';
import { reasonWords, remainingPlayers, seatLabel, statusText } from './status';

const agog = entryFor(CATALOG, 'agog');

function view(extra: Partial<GameView>): GameView {
  return viewOf('agog-start', {
    ply: 3,
    seats: [
      { seat: 'w', name: 'ann', kind: 'human' },
      { seat: 'b', name: 'computer 5', kind: 'computer', level: 5 },
    ],
    you: ['w'],
    to_move: ['w'],
    ...extra,
  });
}

describe('the status line', () => {
  it('says whose move it is, and when it is yours, by the catalog’s seat names', () => {
    expect(statusText(view({}), agog)).toBe('White (ann) to move: your move');
    expect(statusText(view({ to_move: ['b'] }), agog)).toBe('Black (computer 5) to move');
    expect(statusText(view({ to_move: ['b'] }), null)).toBe('b (computer 5) to move');
  });
  it('counts the open seats of a game that waits', () => {
    const open = view({ status: { state: 'open', winners: [], reason: null }, seats: [{ seat: 'w', name: 'ann', kind: 'human' }, { seat: 'b', name: null, kind: 'open' }] });
    expect(statusText(open, agog)).toBe('Waiting for players: 1 open seat');
  });
  it('names the players invited to a game that waits', () => {
    const invited = view({ status: { state: 'open', winners: [], reason: null }, seats: [{ seat: 'w', name: 'ann', kind: 'human' }, { seat: 'b', name: 'Bob', kind: 'invited' }] });
    expect(statusText(invited, agog)).toBe('Waiting for players: Bob invited');
    expect(seatLabel(invited.seats[1])).toBe('Bob (invited)');
  });
  it('says who declined, and that the seat waits for the creator', () => {
    const declined = view({ status: { state: 'open', winners: [], reason: null }, seats: [{ seat: 'w', name: 'ann', kind: 'human' }, { seat: 'b', name: 'carol', kind: 'declined' }] });
    expect(statusText(declined, agog)).toBe('Waiting for players: carol declined: the seat waits for the creator to invite someone else or open it');
    expect(seatLabel(declined.seats[1])).toBe('carol declined');
  });
  it('names the winners and why, or a draw', () => {
    expect(statusText(view({ status: { state: 'over', winners: ['b'], reason: 'resignation' } }), agog)).toBe('Over: Black (computer 5) wins by resignation');
    expect(statusText(view({ status: { state: 'over', winners: [], reason: 'repetition' } }), agog)).toBe('Over: a draw by repetition');
    expect(reasonWords('no-singles')).toBe(' by the no-singles rule');
    expect(reasonWords('timeout')).toBe(' on time');
    expect(reasonWords('something-new'), 'a reason the page does not know').toBe(' by something-new');
    expect(statusText(view({ status: { state: 'over', winners: [], reason: 'repetition' } }), agog)).toBe('Over: a draw by repetition');
    expect(statusText(view({ status: { state: 'aborted', winners: [], reason: 'aborted' } }), agog)).toBe('Called off: nobody won');
  });
  it('tells a round: plays in, never whose', () => {
    const round = viewOf('scg-round', {
      you: ['A'],
      seats: ['A', 'B', 'C'].map((seat) => ({ seat, name: seat.toLowerCase(), kind: 'human' as const })),
      rounds: { round: 2, plays_in: 1, my_play: 'c3', announcements: [] },
      status: { state: 'ongoing', winners: [], reason: null },
    });
    expect(statusText(round, entryFor(CATALOG, 'scg'))).toBe('Round 2: 1 of 3 plays in · your play: c3');
    expect(remainingPlayers(round)).toEqual(['A', 'B', 'C']);
    expect(remainingPlayers({ ...round, status: { state: 'over', winners: [], reason: 'capture' } })).toEqual([]);
  });
  it('says who sits in a seat', () => {
    expect(seatLabel({ seat: 'b', name: null, kind: 'open' })).toBe('open seat');
    expect(seatLabel({ seat: 'b', name: 'x', kind: 'computer', level: 3 })).toBe('computer 3');
  });
});

describe('a bot seat', () => {
  it('names the bot as one', () => {
    expect(seatLabel({ seat: 'b', name: 'rob', kind: 'bot' })).toBe('rob (bot)');
    const text = statusText(view({ seats: [{ seat: 'w', name: 'ann', kind: 'human' }, { seat: 'b', name: 'rob', kind: 'bot' }], to_move: ['b'] }), agog);
    expect(text).toContain('rob (bot)');
  });
});
