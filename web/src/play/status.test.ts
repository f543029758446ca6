import { describe, expect, it } from 'vitest';
import type { GameView } from '../api/types';
import { remainingPlayers, seatLabel, statusText } from './status';

function view(extra: Partial<GameView>): GameView {
  return {
    id: 'g', game: 'agog', variant: null, options: {}, ply: 3, position: '', moves: [], last_move: null, deadline: null,
    seats: [
      { seat: 'w', name: 'ann', kind: 'human' },
      { seat: 'b', name: 'computer 5', kind: 'computer', level: 5 },
    ],
    you: ['w'], to_move: ['w'], status: { state: 'ongoing', winners: [], reason: null },
    created: '2026-11-23T00:00:00Z', updated: '2026-11-23T00:00:00Z', ...extra,
  };
}

describe('the status line', () => {
  it('says whose move it is, and when it is yours', () => {
    expect(statusText(view({}))).toBe('White (ann) to move: your move');
    expect(statusText(view({ to_move: ['b'] }))).toBe('Black (computer 5) to move');
  });
  it('counts the open seats of a game that waits', () => {
    const open = view({ status: { state: 'open', winners: [], reason: null }, seats: [{ seat: 'w', name: 'ann', kind: 'human' }, { seat: 'b', name: null, kind: 'open' }] });
    expect(statusText(open)).toBe('Waiting for players: 1 open seat');
  });
  it('names the winners and why, or a draw', () => {
    expect(statusText(view({ status: { state: 'over', winners: ['b'], reason: 'resignation' } }))).toBe('Over: Black (computer 5) wins by resignation');
    expect(statusText(view({ status: { state: 'over', winners: [], reason: 'repetition' } }))).toBe('Over: a draw by repetition');
  });
  it('tells a Single Capture Go round: plays in, never whose', () => {
    const scg = view({
      game: 'scg', position: '...../...../...../...../..... ABC', you: ['A'], to_move: ['A', 'B', 'C'],
      seats: ['A', 'B', 'C'].map((seat) => ({ seat, name: seat.toLowerCase(), kind: 'human' as const })),
      scg: { round: 2, plays_in: 1, my_play: 'c3', announcements: [] },
    });
    expect(statusText(scg)).toBe('Round 2: 1 of 3 plays in · your play: c3');
    expect(remainingPlayers(scg)).toEqual(['A', 'B', 'C']);
    expect(remainingPlayers(view({ position: '..../..../..../.... -' }))).toEqual([]);
  });
  it('says who sits in a seat', () => {
    expect(seatLabel({ seat: 'b', name: null, kind: 'open' })).toBe('open seat');
    expect(seatLabel({ seat: 'b', name: 'x', kind: 'computer', level: 3 })).toBe('computer 3');
  });
});
