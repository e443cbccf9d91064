/**
 * When a ledger operation happens. Every money-moving function takes it as a parameter instead of
 * reading the system clock, so that seeds and tests can write history in the past and the posting
 * job can be run "as of" any moment.
 */
export interface LedgerClock {
  now: Date;
  /** How long a new transaction stays pending (POSTING_DELAY_SECONDS; the spec's "day plus one"). */
  postingDelaySeconds: number;
}

/** The transactionDate of a transaction created at `clock.now`: when it becomes due for posting. */
export function dueDate(clock: LedgerClock): Date {
  return new Date(clock.now.getTime() + clock.postingDelaySeconds * 1000);
}
