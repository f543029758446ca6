import { describe, expect, it } from 'vitest';
import type { Catalog } from '../api/types';
import { allPools, inRange, openForMe, poolName, poolOf, ratingChart, readRange, seatRating } from './ratings';
import { CATALOG } from '../boards/fixtures';

const catalog: Catalog = CATALOG;

describe('a seat’s rating', () => {
  it('shows "?" while provisional and the change a rated game made', () => {
    expect(seatRating({ rating: 1500, provisional: true })).toBe('1500?');
    expect(seatRating({ rating: 1623, provisional: false })).toBe('1623');
    expect(seatRating({ rating: 1623, provisional: false, rating_change: 12 })).toBe('1623 (+12)');
    expect(seatRating({ rating: 1488, provisional: true, rating_change: -12 })).toBe('1488? (−12)');
    expect(seatRating({ rating: 1500, provisional: false, rating_change: 0 })).toBe('1500 (±0)');
    expect(seatRating({})).toBe('');
  });
});

describe('pools', () => {
  it('are the games, with editions other than the first', () => {
    expect(poolOf(catalog, 'agog', null)).toBe('agog');
    expect(poolOf(catalog, 'agog', 'current')).toBe('agog');
    expect(poolOf(catalog, 'agog', 'classic')).toBe('agog/classic');
    expect(poolOf(catalog, 'sage')).toBe('sage');
    const pools = allPools(catalog);
    expect(pools).toContain('agog/classic');
    expect(pools).toContain('scg');
    expect(new Set(pools).size).toBe(pools.length);
    expect(poolName(catalog, 'agog/classic')).not.toBe(poolName(catalog, 'agog'));
  });
});

describe('a rating range', () => {
  it('lets in ratings within it, a new player counting as 1500', () => {
    expect(inRange([1400, 1600], 1600)).toBe(true);
    expect(inRange([1400, 1600], 1600.4)).toBe(true);
    expect(inRange([1400, 1600], 1601)).toBe(false);
    expect(inRange([1600, 2000], null)).toBe(false);
    expect(inRange([1400, 1600], undefined)).toBe(true);
    expect(inRange(null, 900)).toBe(true);
  });

  it('is read from the form, an empty end open', () => {
    expect(readRange('', '')).toBeNull();
    expect(readRange('1400', '1700')).toEqual([1400, 1700]);
    expect(readRange('1400', '')).toEqual([1400, 4000]);
    expect(readRange('1700', '1400')).toMatch(/above/);
    expect(readRange('abc', '1400')).toMatch(/whole numbers/);
    expect(readRange('-5', '1400')).toMatch(/0 to 4000/);
  });
});

describe('a rating chart', () => {
  const history = [
    { at: '2026-01-01T00:00:00Z', rating: 1500 },
    { at: '2026-01-11T00:00:00Z', rating: 1700 },
    { at: '2026-01-21T00:00:00Z', rating: 1600 },
  ];

  it('runs along time and up the ratings, inside its box', () => {
    const chart = ratingChart(history, 400, 200, 20);
    expect(chart.points.map((p) => p.x)).toEqual([20, 200, 380]);
    const [a, b, c] = chart.points.map((p) => p.y);
    expect(b).toBeLessThan(c);
    expect(c).toBeLessThan(a);
    for (const p of chart.points) expect(p.y >= 20 && p.y <= 180).toBe(true);
    expect(chart.line).toBe(chart.points.map((p) => `${p.x},${p.y}`).join(' '));
    expect(chart.grid.length).toBeGreaterThanOrEqual(3);
    expect(chart.grid[0].rating).toBeLessThanOrEqual(1500);
    expect(chart.grid[chart.grid.length - 1].rating).toBeGreaterThanOrEqual(1700);
  });

  it('draws one game in the middle and nothing for none', () => {
    const one = ratingChart([{ at: '2026-01-01T00:00:00Z', rating: 1662 }], 400, 200);
    expect(one.points[0].x).toBe(200);
    expect(one.grid.some((g) => g.rating <= 1662) && one.grid.some((g) => g.rating >= 1662)).toBe(true);
    expect(ratingChart([], 400, 200).points).toEqual([]);
  });
});

describe('the lobby', () => {
  it('shows a player the open games whose range holds their rating', () => {
    const games = [
      { id: 'a', game: 'sage', rating_range: [1600, 2000] as [number, number] },
      { id: 'b', game: 'sage', rating_range: [1400, 1600] as [number, number] },
      { id: 'c', game: 'agog', variant: 'classic', rating_range: [1700, 1800] as [number, number] },
      { id: 'd', game: 'ogama' },
    ];
    expect(openForMe(games, {}, catalog).map((g) => g.id)).toEqual(['b', 'd']);
    expect(openForMe(games, { sage: { rating: 1650 }, 'agog/classic': { rating: 1750 } }, catalog).map((g) => g.id)).toEqual(['a', 'c', 'd']);
  });
});
