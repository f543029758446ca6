// What a page shows when a call fails: the server's explanation and, for
// a refusal of too many requests, when to try again.

import { ApiError } from './client';

/** "Try again in 40 seconds." for a wait of `seconds` (rounded up to minutes past one, to hours past two). */
export function tryAgainIn(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const [n, unit] = s < 60 ? [s, 'second'] : s < 7200 ? [Math.ceil(s / 60), 'minute'] : [Math.ceil(s / 3600), 'hour'];
  return `Try again in ${n} ${unit}${n === 1 ? '' : 's'}.`;
}

/**
 * The text to show for a failure `e`: its message, then when to try again
 * if the server gave a `Retry-After` and its message does not say it already.
 */
export function problemText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  if (!(e instanceof ApiError) || e.retryAfter === undefined || /\btry again\b/i.test(message)) return message;
  const ended = /[.!?]$/.test(message.trim()) ? message.trim() : `${message.trim()}.`;
  return `${ended} ${tryAgainIn(e.retryAfter)}`;
}
