import { and, asc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/database.js';
import { transactions } from '../../db/schema.js';

/** One posted transaction as a month's history shows it. */
export interface PostedEntry {
  postedDate: Date;
  type: 'credit' | 'debit';
  amountCents: number;
  description: string;
  /** The memo given with it, printed beside the description; null or absent when none. */
  memo?: string | null;
}

/**
 * An account's posted history, which statements and interest both read: live (not deleted)
 * transactions with status 'posted', placed in time by their posted_date.
 */

/** Σ credits − Σ debits of the live posted transactions posted before `instant`. */
export async function postedBalanceBefore(
  db: Executor,
  accountNumber: string,
  instant: Date,
): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select coalesce(sum(case when ${transactions.type} = 'credit' then ${transactions.amountCents}
                                 else -${transactions.amountCents} end), 0)::text as balance
        from ${transactions}
        where ${transactions.accountNumber} = ${accountNumber}
          and ${transactions.status} = 'posted'
          and ${transactions.deletedAt} is null
          and ${transactions.postedDate} < ${instant.toISOString()}`,
  );
  return BigInt(row?.balance ?? '0');
}

/** The live transactions posted in [start, end), in posting order. */
export async function postedEntriesBetween(
  db: Executor,
  accountNumber: string,
  start: Date,
  end: Date,
): Promise<PostedEntry[]> {
  const rows = await db
    .select({
      postedDate: transactions.postedDate,
      type: transactions.type,
      amountCents: transactions.amountCents,
      description: transactions.description,
      memo: transactions.memo,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountNumber, accountNumber),
        eq(transactions.status, 'posted'),
        isNull(transactions.deletedAt),
        gte(transactions.postedDate, start),
        lt(transactions.postedDate, end),
      ),
    )
    .orderBy(asc(transactions.postedDate), asc(transactions.postingSeq), asc(transactions.id));
  return rows.map((row) => ({ ...row, postedDate: row.postedDate! }));
}
