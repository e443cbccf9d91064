import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client.js';
import { invariant } from './invariant.js';

interface AccountTotals {
  account_number: string;
  balance_cents: number;
  live_cents: number;
  posted_cents: number;
  last_running_cents: number | null;
}

const effect = sql.raw(`case when t.type = 'credit' then t.amount_cents else -t.amount_cents end`);

/**
 * For each account: its balance equals Σ credits − Σ debits over its live transactions and is
 * not negative, and the running balance of its last posted transaction (in posting order)
 * equals Σ over its live posted ones. Cheap enough to run after every edit (one account's rows).
 */
export async function accountTotals(db: Executor, accountNumbers: string[]): Promise<AccountTotals[]> {
  if (accountNumbers.length === 0) return [];
  const list = sql.join(
    accountNumbers.map((n) => sql`${n}`),
    sql`, `,
  );
  return queryRows<AccountTotals>(
    db,
    sql`select a.account_number, a.balance_cents,
          (select coalesce(sum(${effect}), 0)::bigint from transactions t
            where t.account_number = a.account_number and t.deleted_at is null) as live_cents,
          (select coalesce(sum(${effect}), 0)::bigint from transactions t
            where t.account_number = a.account_number and t.deleted_at is null and t.status = 'posted') as posted_cents,
          (select t.account_balance_cents from transactions t
            where t.account_number = a.account_number and t.deleted_at is null and t.status = 'posted'
            order by t.posting_seq desc limit 1) as last_running_cents
        from accounts a where a.account_number in (${list})`,
  );
}

/** Throws (rolling the caller's transaction back) when an account breaks a ledger rule. */
export async function assertAccountsConsistent(db: Executor, accountNumbers: string[]): Promise<void> {
  const totals = await accountTotals(db, accountNumbers);
  invariant(totals.length === new Set(accountNumbers).size, 'an account to check does not exist');
  for (const t of totals) {
    invariant(t.balance_cents >= 0, `account ${t.account_number} has a negative balance`);
    invariant(
      t.balance_cents === t.live_cents,
      `account ${t.account_number}: balance ${t.balance_cents} ≠ Σ live ${t.live_cents}`,
    );
    invariant(
      (t.last_running_cents ?? 0) === t.posted_cents,
      `account ${t.account_number}: last running balance ${t.last_running_cents} ≠ Σ posted ${t.posted_cents}`,
    );
  }
}

/**
 * The accounts whose holds are not exactly what their waiting withdrawal requests, waiting store
 * orders and holding auction bids hold, or more than their balance: every held cent must belong to something still waiting.
 */
function holdsNotWaiting(db: Executor, inBank: SQL) {
  return queryRows<{ account_number: string; held_cents: number; waiting_cents: number }>(
    db,
    sql`select account_number, held_cents, waiting_cents from (
          select a.account_number, a.held_cents, a.balance_cents,
            (select coalesce(sum(r.held_cents), 0) from banker_requests r
              where r.account_number = a.account_number and r.status = 'waiting')
            + (select coalesce(sum(o.held_cents), 0) from store_orders o
              where o.account_number = a.account_number and o.status = 'waiting')
            + (select coalesce(sum(b.held_cents), 0) from auction_bids b
              where b.account_number = a.account_number and b.status = 'holding')
            as waiting_cents
          from accounts a where ${inBank}) h
        where held_cents > balance_cents or held_cents <> waiting_cents`,
  );
}

/**
 * Checks the whole ledger (or one bank's) against its rules and lists every breach found; an
 * empty list means it holds. For tests after concurrent work and for an operator's audit:
 * - every balance is Σ credits − Σ debits over the account's live transactions, and not negative;
 * - every posted row's running balance is the Σ of the account's live posted rows up to it, in
 *   posting order;
 * - every transfer is one debit and one credit of the same amount and date, live or deleted together;
 * - every reversal and its original point at each other and are opposites: same account and amount,
 *   the other type.
 */
export async function verifyLedger(db: Executor, bankId?: number): Promise<string[]> {
  const inBank = bankId === undefined ? sql`true` : sql`a.bank_id = ${bankId}`;
  const balances = await queryRows<{ account_number: string; balance_cents: number; live_cents: number }>(
    db,
    sql`select a.account_number, a.balance_cents,
          coalesce(sum(${effect}) filter (where t.deleted_at is null), 0)::bigint as live_cents
        from accounts a left join transactions t on t.account_number = a.account_number
        where ${inBank}
        group by a.account_number, a.balance_cents
        having a.balance_cents < 0
            or a.balance_cents <> coalesce(sum(${effect}) filter (where t.deleted_at is null), 0)`,
  );
  const running = await queryRows<{ id: number; account_balance_cents: number; expected: number }>(
    db,
    sql`select id, account_balance_cents, expected from (
          select t.id, t.account_balance_cents,
                 (sum(${effect}) over (partition by t.account_number order by t.posting_seq))::bigint as expected
          from transactions t join accounts a on a.account_number = t.account_number
          where ${inBank} and t.status = 'posted' and t.deleted_at is null) r
        where account_balance_cents <> expected`,
  );
  const transfers = await queryRows<{ transfer_id: string }>(
    db,
    sql`select t.transfer_id from transactions t join accounts a on a.account_number = t.account_number
        where ${inBank} and t.transfer_id is not null
        group by t.transfer_id
        having count(*) <> 2
            or count(*) filter (where t.type = 'debit') <> 1
            or min(t.amount_cents) <> max(t.amount_cents)
            or min(t.transaction_date) <> max(t.transaction_date)
            or count(t.deleted_at) not in (0, 2)`,
  );
  const reversals = await queryRows<{ id: number }>(
    db,
    sql`select o.id from transactions o join accounts a on a.account_number = o.account_number
        left join transactions r on r.id = o.reversed_by
        where ${inBank} and o.reversed_by is not null
          and (r.id is null or r.reversal_of is distinct from o.id or r.account_number <> o.account_number
               or r.amount_cents <> o.amount_cents or r.type = o.type)
        union all
        select r.id from transactions r join accounts a on a.account_number = r.account_number
        left join transactions o on o.id = r.reversal_of
        where ${inBank} and r.reversal_of is not null and (o.id is null or o.reversed_by is distinct from r.id)`,
  );
  const holds = await holdsNotWaiting(db, inBank);
  return [
    ...holds.map(
      (h) =>
        `account ${h.account_number}: holds ${h.held_cents}, waiting withdrawals, orders and high bids ${h.waiting_cents}`,
    ),
    ...reversals.map((r) => `transaction ${r.id} and its reversal do not match`),
    ...balances.map(
      (b) => `account ${b.account_number}: balance ${b.balance_cents}, Σ live transactions ${b.live_cents}`,
    ),
    ...running.map(
      (r) => `transaction ${r.id}: running balance ${r.account_balance_cents}, expected ${r.expected}`,
    ),
    ...transfers.map((t) => `transfer ${t.transfer_id} does not have two matching legs`),
  ];
}
