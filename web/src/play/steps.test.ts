import { describe, expect, it } from 'vitest';
import { click, describeChoice, pickAt, stepsOf } from './steps';

describe('stepsOf', () => {
  it('reads every A•G•O•G form', () => {
    expect(stepsOf('agog', 'e2-e3')).toEqual(['e2', 'e3']);
    expect(stepsOf('agog', 'a1xa3+c3')).toEqual(['a1', 'a3', 'c3']);
    expect(stepsOf('agog', 'a3-a1 h1=H')).toEqual(['a3', 'a1', 'h1']);
    expect(stepsOf('agog', 'g8-h8')).toEqual(['g8', 'h8']);
  });
  it('reads Sage Tafl moves, the tower and the river ends', () => {
    expect(stepsOf('sage', 'c2-c4')).toEqual(['c2', 'c4']);
    expect(stepsOf('sage', 'T-d2')).toEqual(['T', 'd2']);
    expect(stepsOf('sage', 'c5-W')).toEqual(['c5', 'W']);
    expect(stepsOf('sage', 'pass')).toEqual([]);
  });
  it('reads Ogama toads and discs', () => {
    expect(stepsOf('ogama', 'T@c3')).toEqual(['T', 'c3']);
    expect(stepsOf('ogama', 'Tc3-d4')).toEqual(['c3', 'd4']);
    expect(stepsOf('ogama', 'c3-d5')).toEqual(['c3', 'd5']);
    expect(stepsOf('ogama', 'pass')).toEqual([]);
  });
  it('reads Single Capture Go plays and rounds', () => {
    expect(stepsOf('scg', 'e7')).toEqual(['e7']);
    expect(stepsOf('scg', 'B:e7')).toEqual(['e7']);
    expect(stepsOf('scg', 'A:c3,B:c3,C:d4')).toEqual(['c3', 'c3', 'd4']);
  });
});

describe('picking a move by clicking', () => {
  const legal = ['a1xa3', 'a1+a3', 'a1xa3xa5', 'b2-b3', 'g8-h8', 'g8-h8 c3=H', 'g8-h8 d4=H'];

  it('lights the squares a move can start from', () => {
    expect([...pickAt('agog', legal, []).targets].sort()).toEqual(['a1', 'b2', 'g8']);
  });

  it('makes a move as soon as only one is left', () => {
    let pick = pickAt('agog', legal, []);
    const first = click('agog', legal, pick, 'b2');
    expect(first.kind).toBe('pick');
    if (first.kind !== 'pick') return;
    pick = first.pick;
    expect([...pick.targets]).toEqual(['b3']);
    expect(click('agog', legal, pick, 'b3')).toEqual({ kind: 'move', move: 'b2-b3' });
  });

  it('follows a multi-jump and offers the moves that end on the way', () => {
    const start = pickAt('agog', legal, ['a1']);
    const at = click('agog', legal, start, 'a3');
    expect(at.kind).toBe('pick');
    if (at.kind !== 'pick') return;
    expect(at.pick.complete.sort()).toEqual(['a1+a3', 'a1xa3']);
    expect([...at.pick.targets]).toEqual(['a5']);
    expect(click('agog', legal, at.pick, 'a5')).toEqual({ kind: 'move', move: 'a1xa3xa5' });
  });

  it('offers the promotion squares and removal on the enemy sanctum', () => {
    const at = click('agog', legal, pickAt('agog', legal, ['g8']), 'h8');
    expect(at.kind).toBe('pick');
    if (at.kind !== 'pick') return;
    expect(at.pick.complete).toEqual(['g8-h8']);
    expect([...at.pick.targets].sort()).toEqual(['c3', 'd4']);
    expect(click('agog', legal, at.pick, 'd4')).toEqual({ kind: 'move', move: 'g8-h8 d4=H' });
  });

  it('starts over from another piece, and drops the pick on a second click', () => {
    const onA1 = pickAt('agog', legal, ['a1']);
    const other = click('agog', legal, onA1, 'b2');
    expect(other.kind === 'pick' && other.pick.path).toEqual(['b2']);
    const again = click('agog', legal, onA1, 'a1');
    expect(again.kind === 'pick' && again.pick.path).toEqual([]);
    const nowhere = click('agog', legal, onA1, 'h1');
    expect(nowhere.kind === 'pick' && nowhere.pick.path).toEqual([]);
  });

  it('plays a Single Capture Go square at one click', () => {
    const plays = ['a1', 'a2', 'e7'];
    expect(click('scg', plays, pickAt('scg', plays, []), 'e7')).toEqual({ kind: 'move', move: 'e7' });
  });

  it('places an Ogama toad from the hand', () => {
    const toads = ['T@a1', 'T@c3'];
    const hand = click('ogama', toads, pickAt('ogama', toads, []), 'T');
    expect(hand.kind === 'pick' && [...hand.pick.targets].sort()).toEqual(['a1', 'c3']);
  });
});

describe('describeChoice', () => {
  it('says what each A•G•O•G choice does', () => {
    expect(describeChoice('agog', 'a1xa3+c3')).toBe('a1xa3+c3: capture to a3, corrupt to c3');
    expect(describeChoice('agog', 'g8-h8 c3=H')).toBe('g8-h8 c3=H: the golem on c3 becomes a hulk');
    expect(describeChoice('agog', 'g8-h8')).toBe('g8-h8: the unit leaves the board');
  });
});
