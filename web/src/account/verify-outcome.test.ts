// The /verify page's state: what it starts with and what it says after.

import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import type { Me } from '../api/types';
import { NO_TOKEN, refused, startOutcome, verified } from './verify-outcome';

const me: Me = { id: 1, name: 'vera', guest: false, email: 'vera@example.org', email_verified: true, notify: { email: true }, failed_mail: [] };

describe('the verify page', () => {
  it('asks the server only when the address has a token', () => {
    expect(startOutcome('ab'.repeat(32))).toEqual({ state: 'working' });
    expect(startOutcome(null)).toEqual({ state: 'refused', text: NO_TOKEN });
  });
  it('names the verified address', () => {
    expect(verified(me)).toEqual({ state: 'verified', text: 'Your address vera@example.org is verified; mail about your games will go to it.' });
    expect(verified({ ...me, email: null }).state).toBe('verified');
  });
  it("gives the server's reason for a refusal, and the wait for too many tries", () => {
    expect(refused(new ApiError(404, 'not_found', 'This link does not verify anything: it was used or is too old.'))).toEqual({
      state: 'refused',
      text: 'This link does not verify anything: it was used or is too old.',
    });
    expect(refused(new ApiError(429, 'too_many_requests', 'Too many tries.', 120)).text).toBe('Too many tries. Try again in 2 minutes.');
  });
});
