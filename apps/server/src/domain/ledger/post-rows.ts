import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/database.js';
import { arrayParam } from '../../db/set-params.js';
import { lastPostedBalance } from '../months/index.js';

/**
 * Posts the named pending rows at `now`, in (transaction_date, id) order: status 'posted',
 * posted_date, a posting_seq after every earlier posting, and the account's running posted
 * balance after the row. One statement, however many rows: its cost is that of the rows it posts
 * (the highest posting_seq and each account's last posted balance are one index probe each).
 * A row that is no longer pending and live, or (with `dueBy`) no longer due, is left as it is.
 * The caller holds the posting lock and a claim on every named row's account that keeps out
 * whatever rewrites written rows (db/locks.ts): what this statement reads then stays as read
 * until it commits. Returns how many rows it posted.
 */
export async function postPendingRows(
  tx: Tx,
  now: Date,
  ids: readonly number[],
  dueBy: Date | null = null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await queryRows<{ posted: number }>(
    tx,
    sql`with picked as (
          select t.id, t.account_number, t.transaction_date,
                 case when t.type = 'credit' then t.amount_cents else -t.amount_cents end as signed
          from transactions t
          where t.id = any(${arrayParam(ids, sql`bigint`)}) and t.status = 'pending' and t.deleted_at is null
            and (${dueBy?.toISOString() ?? null}::timestamptz is null
                 or t.transaction_date <= ${dueBy?.toISOString() ?? null}::timestamptz)
        ), opening as (
          select k.account_number, ${lastPostedBalance(sql`k.account_number`)} as balance
          from (select distinct account_number from picked) k
        ), base as (
          select coalesce(max(posting_seq), 0) as seq from transactions
        ), numbered as (
          select p.id, b.seq + row_number() over (order by p.transaction_date, p.id) as seq,
                 (o.balance + sum(p.signed) over (partition by p.account_number
                                                  order by p.transaction_date, p.id))::bigint as balance
          from picked p join opening o on o.account_number = p.account_number cross join base b
        ), posted as (
          update transactions t
          set status = 'posted', posted_date = ${now.toISOString()}::timestamptz,
              posting_seq = n.seq, account_balance_cents = n.balance
          from numbered n where t.id = n.id
          returning t.id
        )
        select count(*)::int as posted from posted`,
  );
  return row?.posted ?? 0;
}
