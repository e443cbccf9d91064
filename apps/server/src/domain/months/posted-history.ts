import { and, asc, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
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

/** posting_seq's stand-in for a pending row in an account's list order (schema.ts). */
const PENDING_SEQ = sql.raw('9223372036854775807');

/**
 * An account's posted balance now, as SQL: the running balance of its last live posted row, 0
 * before its first. One probe of the account's list index (transactions_account_posting_order_idx),
 * which keeps pending rows first and posted ones newest first, so the cost does not grow with the
 * account's history. Corrections keep that running balance equal to the sum of the live posted
 * rows (they shift every later running balance by the amount they change).
 */
export const lastPostedBalance = (accountNumber: SQL): SQL =>
  sql`coalesce((select p.account_balance_cents from transactions p
                where p.account_number = ${accountNumber} and p.deleted_at is null
                  and coalesce(p.posting_seq, ${PENDING_SEQ}) < ${PENDING_SEQ}
                order by coalesce(p.posting_seq, ${PENDING_SEQ}) desc, p.id desc
                limit 1), 0)`;

/**
 * Σ credits − Σ debits of the live posted transactions posted before `instant`: the posted balance
 * now less what posted since, in one statement (one snapshot). Its cost is that of the rows since
 * (transactions_account_posted_date_idx), not of the account's history.
 */
export async function postedBalanceBefore(
  db: Executor,
  accountNumber: string,
  instant: Date,
): Promise<bigint> {
  const [row] = await queryRows<{ balance: string }>(
    db,
    sql`select (${lastPostedBalance(sql`${accountNumber}::char(10)`)}
                - coalesce((select sum(case when t.type = 'credit' then t.amount_cents else -t.amount_cents end)
                            from transactions t
                            where t.account_number = ${accountNumber} and t.status = 'posted'
                              and t.deleted_at is null and t.posted_date >= ${instant.toISOString()}::timestamptz), 0)
               )::text as balance`,
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
