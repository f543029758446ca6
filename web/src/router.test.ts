import { describe, expect, it } from 'vitest';
import { routeOf } from './router';

describe('routes', () => {
  it('reads a player page and a game page from their paths', () => {
    expect(routeOf('/players/Ann')).toEqual({ page: 'player', name: 'Ann' });
    expect(routeOf('/players/an_x/')).toEqual({ page: 'player', name: 'an_x' });
    expect(routeOf('/games/abc123')).toEqual({ page: 'game', id: 'abc123' });
  });
  it('never throws on an escape that is not valid: the page is missing', () => {
    expect(routeOf('/players/%E0%A4%A')).toEqual({ page: 'missing', path: '/players/%E0%A4%A' });
    expect(routeOf('/games/%')).toEqual({ page: 'missing', path: '/games/%' });
    expect(routeOf('/players/a/b').page).toBe('missing');
    expect(routeOf('/rules/agog/%').page).toBe('missing');
  });
  it('reads a rules page, with or without its edition', () => {
    expect(routeOf('/rules/ogama')).toEqual({ page: 'rules', game: 'ogama' });
    expect(routeOf('/rules/agog/')).toEqual({ page: 'rules', game: 'agog' });
    expect(routeOf('/rules/agog/classic')).toEqual({ page: 'rules', game: 'agog', variant: 'classic' });
    expect(routeOf('/rules').page).toBe('missing');
    expect(routeOf('/rules/agog/classic/more').page).toBe('missing');
  });
  it('reads the tournaments and a tournament by its number', () => {
    expect(routeOf('/tournaments')).toEqual({ page: 'tournaments' });
    expect(routeOf('/tournaments/')).toEqual({ page: 'tournaments' });
    expect(routeOf('/tournaments/12')).toEqual({ page: 'tournament', id: 12 });
    expect(routeOf('/tournaments/7/')).toEqual({ page: 'tournament', id: 7 });
    expect(routeOf('/tournaments/abc').page).toBe('missing');
    expect(routeOf('/tournaments/1.5').page).toBe('missing');
    expect(routeOf('/tournaments/12/rounds').page).toBe('missing');
  });
});
