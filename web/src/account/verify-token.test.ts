// Reading a verification link's token from the page's address.

import { describe, expect, it } from 'vitest';
import { tokenFrom } from './verify-token';

describe("a verification link's token", () => {
  const token = 'ab'.repeat(32);
  it('is read from the address', () => {
    expect(tokenFrom(`?token=${token}`)).toBe(token);
    expect(tokenFrom(`?x=1&token=${token.toUpperCase()}`)).toBe(token);
  });
  it('is nothing when missing or not 64 hex digits', () => {
    expect(tokenFrom('')).toBeNull();
    expect(tokenFrom('?token=')).toBeNull();
    expect(tokenFrom(`?token=${token}0`)).toBeNull();
    expect(tokenFrom('?token=<script>')).toBeNull();
  });
});
