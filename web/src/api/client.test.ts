import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './client';

describe('Retry-After', () => {
  it('is read as seconds when it is a number of them', () => {
    expect(retryAfterSeconds('40')).toBe(40);
    expect(retryAfterSeconds(' 2 ')).toBe(2);
    expect(retryAfterSeconds(null)).toBeUndefined();
    expect(retryAfterSeconds('Wed, 21 Oct 2026 07:28:00 GMT')).toBeUndefined();
    expect(retryAfterSeconds('-1')).toBeUndefined();
  });
});
