/** A broken ledger rule is a bug, never a user error: fail the request and roll everything back. */
export class LedgerInvariantError extends Error {
  constructor(message: string) {
    super(`Ledger invariant violated: ${message}`);
    this.name = 'LedgerInvariantError';
  }
}

export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new LedgerInvariantError(message);
}
