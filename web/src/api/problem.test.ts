// The wording of a failure and of when to try again.

import { describe, expect, it } from 'vitest';
import { ApiError } from './client';
import { problemText, tryAgainIn } from './problem';

describe('when to try again', () => {
  it('is said in seconds under a minute', () => {
    expect(tryAgainIn(1)).toBe('Try again in 1 second.');
    expect(tryAgainIn(40)).toBe('Try again in 40 seconds.');
    expect(tryAgainIn(0)).toBe('Try again in 1 second.');
    expect(tryAgainIn(59.2)).toBe('Try again in 1 minute.');
  });
  it('is said in whole minutes, rounded up, under two hours', () => {
    expect(tryAgainIn(60)).toBe('Try again in 1 minute.');
    expect(tryAgainIn(61)).toBe('Try again in 2 minutes.');
    expect(tryAgainIn(3600)).toBe('Try again in 60 minutes.');
    expect(tryAgainIn(7199)).toBe('Try again in 120 minutes.');
  });
  it('is said in hours beyond', () => {
    expect(tryAgainIn(7200)).toBe('Try again in 2 hours.');
    expect(tryAgainIn(86_400)).toBe('Try again in 24 hours.');
  });
});

describe('the text of a failure', () => {
  it("is the server's message, with the wait when it gave one", () => {
    expect(problemText(new ApiError(429, 'too_many_requests', 'Too many games started', 90))).toBe('Too many games started. Try again in 2 minutes.');
    expect(problemText(new ApiError(429, 'too_many_requests', 'Too many plays this round.', 5))).toBe('Too many plays this round. Try again in 5 seconds.');
    expect(problemText(new ApiError(429, 'too_many_requests', 'Slow down.'))).toBe('Slow down.');
    // The server's own limits say when already: not twice.
    expect(problemText(new ApiError(429, 'too_many_requests', 'too many accounts from your address; try again in 2 seconds', 2))).toBe(
      'too many accounts from your address; try again in 2 seconds',
    );
    expect(problemText(new ApiError(403, 'forbidden', 'The current password is wrong.'))).toBe('The current password is wrong.');
    expect(problemText(new Error('broken'))).toBe('broken');
    expect(problemText('plain')).toBe('plain');
  });
});
