import { describe, expect, it } from 'vitest';
import { inviteFor, rememberInvite, withInvite } from './invite';

describe('the invite code a private game was opened with', () => {
  it('goes with every address of that game, and no other', () => {
    expect(withInvite('g1', '/api/games/g1')).toBe('/api/games/g1');
    rememberInvite('g1', 'Ab3 &x');
    expect(inviteFor('g1')).toBe('Ab3 &x');
    expect(withInvite('g1', '/api/games/g1/history')).toBe('/api/games/g1/history?invite=Ab3+%26x');
    expect(withInvite('g1', '/api/games/g1/chat?room=players')).toBe('/api/games/g1/chat?room=players&invite=Ab3+%26x');
    expect(withInvite('g2', '/api/games/g2')).toBe('/api/games/g2');
  });
  it('keeps no empty code', () => {
    rememberInvite('g3', '');
    rememberInvite('g3', null);
    expect(inviteFor('g3')).toBeUndefined();
    expect(withInvite('g3', '/api/games/g3')).toBe('/api/games/g3');
  });
});
