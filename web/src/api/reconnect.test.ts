import { describe, expect, it } from 'vitest';
import {
  RECONNECT_CAP,
  RECONNECT_FIRST_CEILING,
  RECONNECT_FLOOR,
  reconnectCeiling,
  reconnectDelay,
} from './reconnect';

const DRAWS = 1_000;

function draws(attempt: number): number[] {
  return Array.from({ length: DRAWS }, () => reconnectDelay(attempt));
}

function mean(values: number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

function deviation(values: number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / values.length);
}

describe('the wait before a live socket connects again', () => {
  it('stays between the floor and the capped ceiling', () => {
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const ceiling = reconnectCeiling(attempt);
      expect(ceiling).toBeGreaterThanOrEqual(RECONNECT_FLOOR);
      expect(ceiling).toBeLessThanOrEqual(RECONNECT_CAP);
      for (const delay of draws(attempt)) {
        expect(delay).toBeGreaterThanOrEqual(RECONNECT_FLOOR);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
      expect(reconnectDelay(attempt, () => 0)).toBe(RECONNECT_FLOOR);
      expect(reconnectDelay(attempt, () => 0.999_999)).toBe(ceiling);
    }
  });

  it('is quick the first time and never above the cap', () => {
    expect(reconnectCeiling(0)).toBe(RECONNECT_FIRST_CEILING);
    expect(RECONNECT_FIRST_CEILING).toBeLessThanOrEqual(500);
    expect(RECONNECT_CAP).toBe(10_000);
    for (const attempt of [5, 6, 1_000, Infinity]) expect(reconnectCeiling(attempt)).toBe(RECONNECT_CAP);
    for (const attempt of [-1, NaN]) expect(reconnectCeiling(attempt)).toBe(RECONNECT_FIRST_CEILING);
    for (const share of [-1, 2]) {
      const delay = reconnectDelay(3, () => share);
      expect(delay).toBeGreaterThanOrEqual(RECONNECT_FLOOR);
      expect(delay).toBeLessThanOrEqual(reconnectCeiling(3));
    }
  });

  it('grows with the failures', () => {
    const ceilings = [0, 1, 2, 3, 4, 5, 6].map(reconnectCeiling);
    expect(ceilings).toEqual([500, 1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
    const means = [0, 1, 2, 3, 4, 5].map((attempt) => mean(draws(attempt)));
    for (let i = 1; i < means.length; i += 1) expect(means[i]).toBeGreaterThan(means[i - 1]);
  });

  it('is spread over its window, so clients do not come back in lockstep', () => {
    for (const attempt of [0, 3, 8]) {
      const delays = draws(attempt);
      const range = reconnectCeiling(attempt) - RECONNECT_FLOOR;
      // Uniform over the range: a standard deviation of range / √12 ≈ 0.29 range.
      expect(deviation(delays)).toBeGreaterThan(0.2 * range);
      // No 50 ms bucket holds more than a small share of the draws: at most
      // twice its fair share, or 5 % (a fixed formula puts all in one).
      const buckets = new Map<number, number>();
      for (const delay of delays) {
        const bucket = Math.floor(delay / 50);
        buckets.set(bucket, (buckets.get(bucket) ?? 0) + 1);
      }
      const most = Math.max((2 * 50) / range, 0.05);
      expect(Math.max(...buckets.values())).toBeLessThan(DRAWS * most);
    }
  });
});
