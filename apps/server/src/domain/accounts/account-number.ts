import { randomInt } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import { accounts } from '../../db/schema.js';

type NewAccountRow = Omit<typeof accounts.$inferInsert, 'accountNumber'>;

/**
 * A random 10-digit account number from the CSPRNG, so numbers reveal nothing about how many
 * accounts exist or which came before. It never starts with 0: clients that read it as a number
 * still see all ten digits.
 */
export function randomAccountNumber(): string {
  return String(randomInt(1_000_000_000, 10_000_000_000));
}

const MAX_ATTEMPTS = 10;

/**
 * Inserts the account under a fresh number. A collision is answered by ON CONFLICT DO NOTHING
 * (not an error, which would abort the surrounding transaction) and retried with a new number;
 * with 9·10^9 numbers, ten misses in a row means something is wrong, not bad luck.
 */
export async function insertWithFreshNumber(
  tx: Tx,
  values: NewAccountRow,
  nextNumber: () => string = randomAccountNumber,
) {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const [row] = await tx
      .insert(accounts)
      .values({ ...values, accountNumber: nextNumber() })
      .onConflictDoNothing({ target: accounts.accountNumber })
      .returning();
    if (row) return row;
  }
  throw new Error(`no free account number after ${MAX_ATTEMPTS} attempts`);
}
