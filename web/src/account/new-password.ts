// A new password as the person types it twice: what is wrong with it, if
// anything, before it is sent (the server checks the same).

/** The server's bounds on a password's length, in characters. */
export const PASSWORD_CHARACTERS = { least: 8, most: 1024 } as const;

/** What is wrong with `password` typed again as `again`, or null. */
export function newPasswordProblem(password: string, again: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_CHARACTERS.least) return `A password has at least ${PASSWORD_CHARACTERS.least} characters.`;
  if (length > PASSWORD_CHARACTERS.most) return `A password has at most ${PASSWORD_CHARACTERS.most} characters.`;
  if (password !== again) return 'The two passwords differ: type the same one twice.';
  return null;
}
