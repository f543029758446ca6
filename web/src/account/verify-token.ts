// The token of a verification link (`/verify?token=…`), read from the
// address: 64 hex digits, or nothing.

/** The link's token in `search` (`?token=…`), if it is one. */
export function tokenFrom(search: string): string | null {
  const token = new URLSearchParams(search).get('token')?.trim() ?? '';
  return /^[0-9a-fA-F]{64}$/.test(token) ? token.toLowerCase() : null;
}
