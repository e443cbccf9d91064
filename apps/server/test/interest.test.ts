import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertPosted, seedTwoBanks, setBank } from './fixtures.js';
import { accounts, interestCredits, statements, transactions } from '../src/db/schema.js';
import { accountTotals, createSingleLeg } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const at = (iso: string) => new Date(iso);

const posted = insertPosted;

/** A savings account of bank one's student, opened at `openedIso`. */
async function savingsAccount(openedIso: string) {
  const { one } = banks;
  const account = await insertAccount(t.db, {
    userId: one.student.id,
    bankId: one.bankId,
    branchId: one.main.id,
    type: 'SAVINGS',
  });
  await t.db
    .update(accounts)
    .set({ openedAt: at(openedIso) })
    .where(eq(accounts.accountNumber, account.accountNumber));
  return account.accountNumber;
}

async function interestRows(accountNumber: string) {
  return t.db
    .select({
      id: transactions.id,
      amountCents: transactions.amountCents,
      postedDate: transactions.postedDate,
      transactionDate: transactions.transactionDate,
      status: transactions.status,
      runningCents: transactions.accountBalanceCents,
    })
    .from(transactions)
    .where(and(eq(transactions.accountNumber, accountNumber), eq(transactions.description, 'Interest')))
    .orderBy(transactions.postedDate);
}

async function credits(accountNumber: string) {
  return t.db
    .select()
    .from(interestCredits)
    .where(eq(interestCredits.accountNumber, accountNumber))
    .orderBy(interestCredits.periodStart);
}

/** Every account of both banks: balance = Σ live, last running balance = Σ posted. */
async function expectLedgerConsistent() {
  const all = await t.db.select({ n: accounts.accountNumber }).from(accounts);
  for (const row of await accountTotals(
    t.db,
    all.map((a) => a.n),
  )) {
    expect(Number(row.balance_cents)).toBe(Number(row.live_cents));
    expect(Number(row.last_running_cents ?? 0)).toBe(Number(row.posted_cents));
  }
}

describe('month-end interest on savings accounts', () => {
  it('credits one posted "Interest" transaction on the month\'s last instant, shown on that month\'s statement', async () => {
    const savings = await savingsAccount('2024-12-20T10:00:00Z');
    await posted(t.db, savings, 'credit', 100_000, '2024-12-20T10:00:00Z');
    const result = await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    expect(result.interestCredited).toBe(2);

    // December: 1,000.00 at the end of days 20..31 (12 days): 1,200,000 x 250 / 3,650,000 = 82.19 -> 0.82
    // January: 1,000.82 for 31 days: 3,102,542 x 250 / 3,650,000 = 212.50 -> 2.13 (212.503, not a tie)
    const rows = await interestRows(savings);
    expect(rows.map((r) => [r.amountCents, r.postedDate!.toISOString(), r.status])).toEqual([
      [82, '2024-12-31T23:59:59.999Z', 'posted'],
      [213, '2025-01-31T23:59:59.999Z', 'posted'],
    ]);
    expect(rows[1]!.transactionDate.toISOString()).toBe('2025-01-31T23:59:59.999Z');
    expect(rows.map((r) => r.runningCents)).toEqual([100_082, 100_295]);
    expect((await credits(savings)).map((c) => [c.periodStart, c.amountCents, c.transactionId])).toEqual([
      ['2024-12-01', 82, rows[0]!.id],
      ['2025-01-01', 213, rows[1]!.id],
    ]);
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, savings));
    expect(account!.balanceCents).toBe(100_295);

    // The customer sees it on January's statement, and in their transactions.
    const [january] = await t.db
      .select()
      .from(statements)
      .where(and(eq(statements.accountNumber, savings), eq(statements.periodStart, '2025-01-01')));
    const { text } = await extractText(new Uint8Array(january!.pdf), { mergePages: true });
    expect(text).toContain('Savings account');
    expect(text).toContain('01/01/2025 Opening balance 1,000.82');
    expect(text).toContain('01/31/2025 Interest 2.13 1,002.95');
    expect(text).toMatch(/Closing balance on 01\/31\/2025 1,002\.95/);
    await expectLedgerConsistent();
  });

  it('pays on the average end-of-day balance: money posted mid-month counts from its day', async () => {
    const savings = await savingsAccount('2025-03-15T00:00:00Z');
    await setBank(t.db, banks.one.bankId, { savingsRateHundredths: 250 });
    // April has 30 days; 1,000.00 posts on April 16 (10:00 UTC): 15 end-of-days at 1,000.00.
    await posted(t.db, savings, 'credit', 100_000, '2025-04-16T10:00:00Z');
    // A withdrawal and a redeposit on one day change nothing at that day's end.
    await posted(t.db, savings, 'debit', 50_000, '2025-04-20T09:00:00Z');
    await posted(t.db, savings, 'credit', 50_000, '2025-04-20T17:00:00Z');
    await runMonthEnd(t.db, { now: at('2025-05-01T00:00:00Z') });
    // 1,500,000 x 250 / 3,650,000 = 102.74 -> 1.03; March had nothing: 0 recorded, nothing credited.
    expect((await interestRows(savings)).map((r) => r.amountCents)).toEqual([103]);
    expect(
      (await credits(savings)).map((c) => [c.periodStart, c.amountCents, c.transactionId === null]),
    ).toEqual([
      ['2025-03-01', 0, true],
      ['2025-04-01', 103, false],
    ]);
  });

  it('rounds a tie half to even on real accounts (1.5 cents -> 2, 4.5 cents -> 4)', async () => {
    await setBank(t.db, banks.one.bankId, { savingsRateHundredths: 100 });
    const odd = await savingsAccount('2025-03-20T00:00:00Z');
    const even = await savingsAccount('2025-03-20T00:00:00Z');
    await posted(t.db, odd, 'credit', 1_825, '2025-03-31T12:00:00Z');
    await posted(t.db, even, 'credit', 5_475, '2025-03-31T12:00:00Z');
    const result = await runMonthEnd(t.db, { now: at('2025-05-01T00:00:00Z') });
    // March: one end-of-day each (18.25 -> 0.05 cents; 54.75 -> 0.15 cents): nothing due.
    // April (30 days) at 1.00 %: exactly 1.5 and 4.5 cents.
    expect((await interestRows(odd)).map((r) => r.amountCents)).toEqual([2]);
    expect((await interestRows(even)).map((r) => r.amountCents)).toEqual([4]);
    expect(result).toMatchObject({ interestCredited: 2, interestNothingDue: 2 });
  });

  it('records 0.00 without a transaction when nothing is due, and pays nothing when savings are off', async () => {
    const small = await savingsAccount('2024-12-01T00:00:00Z');
    await posted(t.db, small, 'credit', 100, '2024-12-01T00:00:00Z');
    await runMonthEnd(t.db, { now: at('2025-01-01T00:00:00Z') });
    // 1.00 for 31 days at 2.50 %: 0.21 cents -> 0.00
    expect(await interestRows(small)).toEqual([]);
    expect((await credits(small)).map((c) => [c.periodStart, c.amountCents, c.transactionId])).toEqual([
      ['2024-12-01', 0, null],
    ]);

    const rich = await savingsAccount('2024-12-01T00:00:00Z');
    await posted(t.db, rich, 'credit', 1_000_000, '2024-12-01T00:00:00Z');
    await setBank(t.db, banks.one.bankId, { savingsActive: false });
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    expect(await interestRows(rich)).toEqual([]);
    expect((await credits(rich)).map((c) => c.amountCents)).toEqual([0, 0]);
    // Turning savings on later pays from then on, not for the months already closed.
    await setBank(t.db, banks.one.bankId, { savingsActive: true });
    await runMonthEnd(t.db, { now: at('2025-03-01T00:00:00Z') });
    expect((await interestRows(rich)).map((r) => r.postedDate!.toISOString())).toEqual([
      '2025-02-28T23:59:59.999Z',
    ]);
  });

  it('pays only open savings accounts: not checking, not closed ones', async () => {
    const { one } = banks;
    const checking = one.checking.accountNumber;
    await t.db
      .update(accounts)
      .set({ openedAt: at('2024-12-01T00:00:00Z') })
      .where(eq(accounts.accountNumber, checking));
    await posted(t.db, checking, 'credit', 100_000, '2024-12-01T00:00:00Z');
    const closed = await savingsAccount('2024-12-01T00:00:00Z');
    await posted(t.db, closed, 'credit', 100_000, '2024-12-01T00:00:00Z');
    await posted(t.db, closed, 'debit', 100_000, '2024-12-15T00:00:00Z');
    await t.db
      .update(accounts)
      .set({ closedAt: at('2024-12-16T00:00:00Z') })
      .where(eq(accounts.accountNumber, closed));
    const result = await runMonthEnd(t.db, { now: at('2025-01-01T00:00:00Z') });
    expect(result.interestCredited + result.interestNothingDue).toBe(0);
    expect(await interestRows(checking)).toEqual([]);
    expect(await interestRows(closed)).toEqual([]);
    expect(result.statementsIssued).toBe(2);
  });

  it('credits nothing more when run again or from two processes at once', async () => {
    const accountsMade: string[] = [];
    for (let i = 0; i < 4; i++) {
      const savings = await savingsAccount('2024-11-05T00:00:00Z');
      await posted(t.db, savings, 'credit', 250_000 + i * 1_111, '2024-11-05T00:00:00Z');
      accountsMade.push(savings);
    }
    const asOf = at('2025-03-01T00:00:00Z');
    const runs = await Promise.all([runMonthEnd(t.db, { now: asOf }), runMonthEnd(t.db, { now: asOf })]);
    // Four months (Nov..Feb) for four accounts, whichever run did each.
    expect(runs[0]!.interestCredited + runs[1]!.interestCredited).toBe(16);
    expect(runs[0]!.statementsIssued + runs[1]!.statementsIssued).toBe(16);
    const again = await runMonthEnd(t.db, { now: asOf });
    expect(again).toEqual({ months: [], interestCredited: 0, interestNothingDue: 0, statementsIssued: 0 });

    for (const savings of accountsMade) {
      const rows = await interestRows(savings);
      expect(rows.map((r) => r.postedDate!.toISOString())).toEqual([
        '2024-11-30T23:59:59.999Z',
        '2024-12-31T23:59:59.999Z',
        '2025-01-31T23:59:59.999Z',
        '2025-02-28T23:59:59.999Z',
      ]);
      expect(await credits(savings)).toHaveLength(4);
    }
    await expectLedgerConsistent();
  });

  it('runs alongside the posting job and new money without deadlocks or lost cents', async () => {
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const savings = await savingsAccount('2024-12-01T00:00:00Z');
      await posted(t.db, savings, 'credit', 300_000, '2024-12-01T00:00:00Z');
      made.push(savings);
    }
    const now = new Date();
    const clock = { now, postingDelaySeconds: 0 };
    const deposits = made.flatMap((accountId) =>
      [1, 2, 3].map((n) =>
        createSingleLeg(t.db, clock, {
          accountId,
          type: 'credit',
          description: `Deposit ${n}`,
          amountCents: 100 * n,
          createdBy: null,
        }),
      ),
    );
    const asOf = at('2025-03-01T00:00:00Z');
    await Promise.all([
      ...deposits,
      runMonthEnd(t.db, { now: asOf }),
      postTransactions(t.db, { now, all: true, wait: true }),
      runMonthEnd(t.db, { now: asOf }),
      postTransactions(t.db, { now, all: true, wait: true }),
    ]);
    await postTransactions(t.db, { now, all: true, wait: true });
    for (const savings of made) {
      expect((await interestRows(savings)).map((r) => r.amountCents)).toHaveLength(3);
      const [account] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, savings));
      const interest = (await credits(savings)).reduce((sum, c) => sum + c.amountCents, 0);
      expect(account!.balanceCents).toBe(300_000 + 600 + interest);
    }
    await expectLedgerConsistent();
  });

  it('is visible to the customer through the API as a posted credit', async () => {
    const savings = await savingsAccount('2025-01-01T00:00:00Z');
    await posted(t.db, savings, 'credit', 100_000, '2025-01-01T00:00:00Z');
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const res = await call(t.app, 'GET', `/user/transactions/${savings}`, {
      token: banks.one.tokens.student,
    });
    expect(res.status).toBe(200);
    const interest = res.body.find((tx: { description: string }) => tx.description === 'Interest');
    expect(interest).toMatchObject({
      type: 'credit',
      amount: 2.12,
      status: 'posted',
      accountBalance: 1002.12,
    });
  });
});
