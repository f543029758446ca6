import { describe, expect, it } from 'vitest';
import type { ChatMessageView } from '../api/types';
import { chatRooms, withMessage } from './chat';

const status = (state: string) => ({ state, winners: [], reason: null });
const message = (id: number, room = 'players'): ChatMessageView => ({ id, room, name: 'ann', text: `m${id}`, at: '2026-11-25T00:00:00Z' });

describe('chat', () => {
  it('gives a player the players’ room while the game goes on, and both rooms after', () => {
    expect(chatRooms({ you: ['b'], status: status('ongoing') }, { guest: false })).toEqual({ read: ['players'], write: 'players' });
    expect(chatRooms({ you: ['b'], status: status('over') }, { guest: false })).toEqual({ read: ['players', 'spectators'], write: 'players' });
  });
  it('lets the others read both rooms and write in the spectators’, and nobody signed out or a guest write', () => {
    expect(chatRooms({ you: [], status: status('ongoing') }, { guest: false })).toEqual({ read: ['players', 'spectators'], write: 'spectators' });
    expect(chatRooms({ you: [], status: status('ongoing') }, null).write).toBeNull();
    expect(chatRooms({ you: ['b'], status: status('ongoing') }, { guest: true }).write).toBeNull();
  });
  it('keeps each message once, oldest first, whether it came by the socket or the page', () => {
    const held = withMessage(withMessage([], message(2)), message(1));
    expect(withMessage(held, message(2)).map((m) => m.id)).toEqual([1, 2]);
  });
});
