import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Tx } from '../../db/client.js';
import { banks, users } from '../../db/schema.js';
import { conflict } from '../errors.js';

/**
 * Refuses to let `leavingUserId` stop being an admin (demotion or deletion) when no other admin of
 * the bank would remain. Two admins demoting each other at once must not both succeed, so changes
 * to a bank's admins take turns on the bank row; the count runs after the lock is granted and so
 * sees the other change committed. (NO KEY UPDATE does not block inserts that merely reference the bank.)
 */
export async function assertAnotherAdminRemains(
  tx: Tx,
  bankId: number,
  leavingUserId: number,
): Promise<void> {
  await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, bankId)).for('no key update');
  const [others] = await tx
    .select({ n: count() })
    .from(users)
    .where(
      and(
        eq(users.bankId, bankId),
        eq(users.role, 'ADMIN'),
        isNull(users.deletedAt),
        ne(users.id, leavingUserId),
      ),
    );
  if (!others || others.n === 0) throw conflict(messages.lastAdmin, 'LAST_ADMIN');
}
