import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createSingleLeg } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks } from './fixtures.js';

/**
 * API.md "Resources": an account's transactions are listed in posting order, newest first, pending
 * ones first; each posted row's accountBalance is the balance after it, so reading the list from
 * the bottom up adds up, also when one posting run posts rows in another order than they were
 * created, and page by page.
 */

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const HOUR_MS = 3_600_000;

interface Row {
  id: number;
  type: 'credit' | 'debit';
  amount: number;
  status: 'pending' | 'posted';
  accountBalance: number | null;
}

/** Rows due in the order of `dueHours` (hours from `base`), created in the order given. */
async function createDue(
  accountId: string,
  base: number,
  dueHours: number[],
  amountOf = (i: number) => i + 1,
) {
  for (const [i, hours] of dueHours.entries()) {
    await createSingleLeg(
      t.db,
      { now: new Date(base), postingDelaySeconds: 0 },
      {
        accountId,
        type: 'credit',
        description: `Due in ${hours} h`,
        amountCents: amountOf(i) * 100,
        createdBy: null,
        transactionDate: new Date(base + hours * HOUR_MS),
      },
    );
  }
}

/** Every page of the account's list, `limit` rows at a time, through the API. */
async function listAll(accountId: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  do {
    const res = await call(
      t.app,
      'GET',
      `/user/transactions/${accountId}?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      { token: banks.one.tokens.admin },
    );
    expect(res.status).toBe(200);
    rows.push(...res.body);
    cursor = res.headers['x-next-cursor'] as string | undefined;
  } while (cursor);
  return rows;
}

/** Reading from the bottom up, each posted row's balance is the one below it plus its amount. */
function expectBalancesAddUp(rows: Row[]) {
  const posted = rows.filter((r) => r.status === 'posted').reverse();
  let balance = 0;
  for (const row of posted) {
    balance = Math.round((balance + (row.type === 'credit' ? row.amount : -row.amount)) * 100) / 100;
    expect(row.accountBalance, `row ${row.id}`).toBe(balance);
  }
}

describe('the transaction list, in posting order', () => {
  it('shows rows posted in one run in the order they posted, so the running balances add up', async () => {
    const account = banks.one.checking.accountNumber;
    const base = Date.now() - 48 * HOUR_MS;
    // Created first, due last: the posting run posts them in due order, not in creation order.
    await createDue(account, base, [5, 1, 3, 2, 4]);
    await postTransactions(t.db, { now: new Date() });
    const rows = await listAll(account, 500);
    expect(rows.map((r) => r.amount)).toEqual([1, 5, 3, 4, 2]);
    expectBalancesAddUp(rows);
  });

  it('lists pending rows first, newest first, then posted ones, the same page by page', async () => {
    const account = banks.one.checking.accountNumber;
    const base = Date.now() - 48 * HOUR_MS;
    await createDue(account, base, [9, 2, 7, 1, 8, 3, 6, 4, 5]);
    await postTransactions(t.db, { now: new Date() });
    // Three more, still pending (due tomorrow).
    await createDue(account, Date.now(), [30, 26, 28], (i) => 10 + i);
    const whole = await listAll(account, 500);
    expect(whole.map((r) => r.status)).toEqual([...Array(3).fill('pending'), ...Array(9).fill('posted')]);
    expect(whole.slice(0, 3).map((r) => r.amount)).toEqual([12, 11, 10]);
    expectBalancesAddUp(whole);
    for (const limit of [1, 2, 4, 5]) expect(await listAll(account, limit), `limit ${limit}`).toEqual(whole);
  });

  it('is served by an index, whatever the page', async () => {
    const account = banks.one.checking.accountNumber;
    await t.db.execute(sql`
      insert into transactions (account_number, type, description, amount_cents, transaction_date)
      select ${account}, 'credit', 'Bulk', 1, now() from generate_series(1, 2000)`);
    await t.db.execute(sql`analyze transactions`);
    const first = await call(t.app, 'GET', `/user/transactions/${account}?limit=10`, {
      token: banks.one.tokens.admin,
    });
    expect(first.headers['x-next-cursor']).toBeTruthy();
    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      t.db,
      sql`explain select id from transactions
          where account_number = ${account} and deleted_at is null
            and (coalesce(posting_seq, 9223372036854775807), id) < (9223372036854775807, 1000)
          order by coalesce(posting_seq, 9223372036854775807) desc, id desc limit 11`,
    );
    const text = plan.map((p) => p['QUERY PLAN']).join('\n');
    expect(text).toContain('transactions_account_posting_order_idx');
    expect(text, text).not.toMatch(/\bSort\b/);
  });
});
