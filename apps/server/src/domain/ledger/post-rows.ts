import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.js';
import { transactions } from '../../db/schema.js';
import { invariant } from './invariant.js';
import type { LockedAccounts } from './locked-accounts.js';
import { signedCents, type TransactionRow } from './to-transaction.js';

const UPDATE_CHUNK = 1000;

/**
 * Each account's posted balance now: its balance (pending and posted) minus what is still
 * pending. Derived from the balance the account row keeps under its lock, so it cannot drift.
 */
async function postedBalances(
  tx: Tx,
  locked: LockedAccounts,
  accountNumbers: string[],
): Promise<Map<string, number>> {
  const pending = await tx
    .select({
      accountNumber: transactions.accountNumber,
      net: sql<number>`coalesce(sum(case when ${transactions.type} = 'credit' then ${transactions.amountCents} else -${transactions.amountCents} end), 0)::bigint`.mapWith(
        Number,
      ),
    })
    .from(transactions)
    .where(
      and(
        inArray(transactions.accountNumber, accountNumbers),
        eq(transactions.status, 'pending'),
        isNull(transactions.deletedAt),
      ),
    )
    .groupBy(transactions.accountNumber);
  const pendingNet = new Map(pending.map((p) => [p.accountNumber, p.net]));
  return new Map(
    accountNumbers.map((n) => {
      const account = locked.get(n);
      invariant(account, `posting on account ${n} without its lock`);
      return [n, account.balanceCents - (pendingNet.get(n) ?? 0)];
    }),
  );
}

/**
 * Posts the given pending rows, in the order given, at `now`: status 'posted', posted_date,
 * a posting_seq after every earlier posting, and the account's running posted balance after the
 * row. The caller holds the posting lock and the locks of the rows' accounts.
 */
export async function postRows(
  tx: Tx,
  now: Date,
  locked: LockedAccounts,
  rows: TransactionRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const running = await postedBalances(tx, locked, [...new Set(rows.map((r) => r.accountNumber))]);
  const [last] = await queryRows<{ seq: number }>(
    tx,
    sql`select coalesce(max(posting_seq), 0)::bigint as seq from ${transactions}`,
  );
  let seq = Number(last?.seq ?? 0);
  const postings = rows.map((row) => {
    invariant(
      row.status === 'pending' && row.deletedAt === null,
      `transaction ${row.id} is not live and pending`,
    );
    const balance = running.get(row.accountNumber)! + signedCents(row);
    running.set(row.accountNumber, balance);
    return { id: row.id, seq: ++seq, balance };
  });
  let posted = 0;
  for (let i = 0; i < postings.length; i += UPDATE_CHUNK) {
    const chunk = postings.slice(i, i + UPDATE_CHUNK);
    const values = sql.join(
      chunk.map((p) => sql`(${p.id}::bigint, ${p.seq}::bigint, ${p.balance}::bigint)`),
      sql`, `,
    );
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update ${transactions} t
          set status = 'posted', posted_date = ${now.toISOString()}::timestamptz,
              posting_seq = v.seq, account_balance_cents = v.balance
          from (values ${values}) as v(id, seq, balance)
          where t.id = v.id and t.status = 'pending' and t.deleted_at is null
          returning t.id`,
    );
    posted += updated.length;
  }
  invariant(posted === rows.length, `posted ${posted} of ${rows.length} transactions`);
  return posted;
}
