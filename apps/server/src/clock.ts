/**
 * Where the server reads the time. One clock is made at the start (the system's) and handed to the
 * routes (RouteDeps) and the jobs; domain code never reads the time itself (a lint rule says so):
 * it is given `now` (or this clock, to read after a wait). Tests and the demo seed hand in a clock
 * that stands where they need it.
 */
export interface Clock {
  now(): Date;
}

/** The machine's time. */
export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` (tests, and whatever runs "as of" a moment). */
export const clockAt = (at: Date): Clock => ({ now: () => new Date(at.getTime()) });
