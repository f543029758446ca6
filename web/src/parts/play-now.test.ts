import { describe, expect, it } from 'vitest';
import { entryFor } from '../api/catalog';
import { CATALOG } from '../boards/fixtures';
import { computerGame } from './play-now';

const entry = (game: string, variant?: string) => entryFor(CATALOG, game, variant ?? null)!;

describe('play now', () => {
  it('starts a game against the computer at the level chosen', () => {
    expect(computerGame(entry('sage'), 3)).toEqual({ game: 'sage', seats: [{ account: 'me' }, { computer: 3 }] });
    expect(computerGame(entry('agog', 'classic'), 7)).toEqual({ game: 'agog', variant: 'classic', seats: [{ account: 'me' }, { computer: 7 }] });
  });
  it('closes a round of Single Capture Go once every play is in', () => {
    expect(computerGame(entry('scg'), 1)).toEqual({ game: 'scg', seats: [{ account: 'me' }, { computer: 1 }], clock: { close_early: true } });
  });
});
