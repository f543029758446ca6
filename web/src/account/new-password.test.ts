// A new password typed twice on the /reset page.

import { describe, expect, it } from 'vitest';
import { newPasswordProblem } from './new-password';

describe('a new password', () => {
  it('is accepted when long enough and typed the same twice', () => {
    expect(newPasswordProblem('correct horse', 'correct horse')).toBeNull();
    expect(newPasswordProblem('ééééééé€', 'ééééééé€')).toBeNull();
  });

  it('names what is wrong', () => {
    expect(newPasswordProblem('short', 'short')).toBe('A password has at least 8 characters.');
    expect(newPasswordProblem('x'.repeat(1025), 'x'.repeat(1025))).toBe('A password has at most 1024 characters.');
    expect(newPasswordProblem('correct horse', 'correct house')).toBe('The two passwords differ: type the same one twice.');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(newPasswordProblem('😀😀😀😀', '😀😀😀😀')).toBe('A password has at least 8 characters.');
  });
});
