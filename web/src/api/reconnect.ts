// How long a live socket waits before it connects again: "full jitter"
// over a capped exponential, so that the sockets a server restart closed
// all at once do not all knock again at the same instant.

/** The shortest wait, in ms: one dropped socket comes back at once. */
export const RECONNECT_FLOOR = 100;

/** The longest the first wait may be, in ms; each later one may be twice as long. */
export const RECONNECT_FIRST_CEILING = 500;

/** The longest wait, in ms. */
export const RECONNECT_CAP = 10_000;

/** The longest the wait after `attempt` failures in a row may be, in ms. */
export function reconnectCeiling(attempt: number): number {
  const failures = Math.max(0, Math.floor(attempt)) || 0;
  return Math.min(RECONNECT_CAP, RECONNECT_FIRST_CEILING * 2 ** failures);
}

/**
 * The wait in ms before connecting again after `attempt` failures in a
 * row (0 for the first): drawn uniformly between `RECONNECT_FLOOR` and
 * `min(RECONNECT_CAP, RECONNECT_FIRST_CEILING * 2 ** attempt)` ("full
 * jitter", as in the AWS Architecture Blog's "Exponential Backoff And
 * Jitter"). The ceiling doubles with every failure, and every client draws
 * its own wait below it, so a crowd of clients spreads out over the window
 * rather than retrying in lockstep. `random` gives a number in [0, 1), as
 * `Math.random` does.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = reconnectCeiling(attempt);
  const share = Math.min(1, Math.max(0, random()));
  return Math.round(RECONNECT_FLOOR + share * (ceiling - RECONNECT_FLOOR));
}
