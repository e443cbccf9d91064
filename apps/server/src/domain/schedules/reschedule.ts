import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { schedules } from '../../db/schema.js';
import { occurrenceInstant } from './occurrences.js';

/**
 * The bank's time zone changed: each waiting occurrence moves to 06:00 in the new zone, in the same
 * transaction as the change. (One that is then already past runs at the next job's turn.)
 */
export async function rescheduleBank(tx: Tx, bankId: number, zone: string): Promise<void> {
  const waiting = await tx
    .select()
    .from(schedules)
    .where(and(eq(schedules.bankId, bankId), isNotNull(schedules.nextRunAt)))
    .for('update');
  for (const row of waiting) {
    const nextRunAt = occurrenceInstant({ every: row.every, startDate: row.startDate }, row.nextIndex, zone);
    await tx.update(schedules).set({ nextRunAt }).where(eq(schedules.id, row.id));
  }
}
