import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Tx } from '../../db/client.js';
import { conflict } from '../errors.js';

/**
 * A bank keeps at most `max` of its jobs or awards, so their unpaged lists stay short: one more is
 * a 409 with `message`. (Two made at the same moment may both pass: the cap bounds a list, not money.)
 */
export async function assertBankHasRoom(
  tx: Tx,
  table: PgTable,
  bankId: number,
  max: number,
  message: string,
): Promise<void> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${table} where bank_id = ${bankId}`,
  );
  if (Number(row?.n ?? 0) >= max) throw conflict(message);
}
