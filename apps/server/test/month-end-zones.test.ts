import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { accounts, interestCredits, statements, transactions } from '../src/db/schema.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertPosted, seedTwoBanks, setBank, type SeededBank } from './fixtures.js';

/**
 * Month-end, statements and interest cut months at midnight in the bank's time zone, as its
 * schedules keep its days: a Friday-evening payday on the month's last day in Los Angeles is that
 * month's, although UTC has already turned the page; in Auckland the month ends while UTC's still
 * runs. Statements issued before (cut in UTC) never change, and the next one starts where they ended.
 */

const t = useTestApp();
let one: SeededBank;
beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
});

const at = (iso: string) => new Date(iso);
const fileName = (account: string, month: string) => `statement-${account}-${month}.pdf`;

async function openedAt(accountNumber: string, iso: string) {
  await t.db
    .update(accounts)
    .set({ openedAt: at(iso) })
    .where(eq(accounts.accountNumber, accountNumber));
}

/** A savings account of the student, opened at `iso`. */
async function savingsOpenedAt(iso: string) {
  const savings = await insertAccount(t.db, {
    userId: one.student.id,
    bankId: one.bankId,
    branchId: one.main.id,
    type: 'SAVINGS',
  });
  await openedAt(savings.accountNumber, iso);
  return savings;
}

/** The student's statements as they list them, and one's text as they download it. */
const listed = async () =>
  (await call(t.app, 'GET', `/user/statements/${one.student.username}`, { token: one.tokens.student })).body;
async function statementText(name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/statements/download/${name}`,
    headers: { authorization: `Bearer ${one.tokens.student}` },
  });
  expect(response.statusCode, name).toBe(200);
  return (await extractText(new Uint8Array(response.rawPayload), { mergePages: true })).text;
}

describe('a bank in America/Los_Angeles (UTC-8 in winter)', () => {
  beforeEach(async () => {
    await setBank(t.db, one.bankId, { timeZone: 'America/Los_Angeles' });
  });

  it("puts Friday evening's payday on the last day of the month on that month's statement", async () => {
    const checking = one.checking.accountNumber;
    await openedAt(checking, '2025-01-10T17:00:00Z');
    await insertPosted(t.db, checking, 'credit', 10_000, '2025-01-10T18:00:00Z', 'Opening deposit');
    // Friday 31 January 2025, 18:00 in Los Angeles: 02:00 on 1 February in UTC.
    await insertPosted(t.db, checking, 'credit', 2_500, '2025-02-01T02:00:00Z', 'Friday payday');
    // 23:59:59 on the 31st there, and 00:30 on 1 February there: either side of its midnight.
    await insertPosted(t.db, checking, 'debit', 100, '2025-02-01T07:59:59Z', 'Last minute snack');
    await insertPosted(t.db, checking, 'debit', 200, '2025-02-01T08:30:00Z', 'February lunch');

    // UTC's January has ended, Los Angeles's has not: nothing is closed yet.
    await runMonthEnd(t.db, { now: at('2025-02-01T07:30:00Z') });
    expect(await listed()).toEqual([]);

    await runMonthEnd(t.db, { now: at('2025-02-01T08:00:00Z') });
    expect(await listed()).toEqual([fileName(checking, '2025-01')]);
    const january = await statementText(fileName(checking, '2025-01'));
    expect(january).toContain('Statement period: January 1, 2025 - January 31, 2025');
    // Dates are the bank's days.
    expect(january).toContain('01/31/2025 Friday payday 25.00 125.00');
    expect(january).toContain('01/31/2025 Last minute snack 1.00 124.00');
    expect(january).not.toContain('February lunch');

    await runMonthEnd(t.db, { now: at('2025-03-01T08:00:00Z') });
    const february = await statementText(fileName(checking, '2025-02'));
    expect(february).toContain('02/01/2025 Opening balance 124.00');
    expect(february).toContain('02/01/2025 February lunch 2.00 122.00');
    expect(february).not.toContain('Friday payday');
  });

  it("pays interest on the bank's end-of-day balances, days counted in its zone across daylight saving", async () => {
    const savings = await savingsOpenedAt('2025-02-01T09:00:00Z');
    // 36,500.00 at 23:30 on 28 February there (07:30 on 1 March in UTC): one end of day in
    // February at 2.5 %, 36,500.00 x 1 x 0.025 / 365 = 2.50.
    await insertPosted(t.db, savings.accountNumber, 'credit', 3_650_000, '2025-03-01T07:30:00Z');
    const other = await savingsOpenedAt('2025-02-01T09:00:00Z');
    // 00:30 on 31 March there, after the clocks went forward on the 9th (07:30 UTC): its one end
    // of day in March is the 31st's, 2.50, though fewer than 30 days of 24 hours have passed
    // since March began there.
    await insertPosted(t.db, other.accountNumber, 'credit', 3_650_000, '2025-03-31T07:30:00Z');

    await runMonthEnd(t.db, { now: at('2025-04-01T07:00:00Z') });
    const credited = async (account: string) =>
      (
        await t.db
          .select({ period: interestCredits.periodStart, amount: interestCredits.amountCents })
          .from(interestCredits)
          .where(eq(interestCredits.accountNumber, account))
          .orderBy(interestCredits.periodStart)
      ).map((c) => [c.period, c.amount]);
    // March: 31 end-of-days at 36,502.50: 36,502.50 x 0.025 x 31 / 365 = 77.51.
    expect(await credited(savings.accountNumber)).toEqual([
      ['2025-02-01', 250],
      ['2025-03-01', 7_751],
    ]);
    expect(await credited(other.accountNumber)).toEqual([
      ['2025-02-01', 0],
      ['2025-03-01', 250],
    ]);
    // February's interest is posted on February's last instant there: 23:59:59.999 on the 28th.
    const [february] = await t.db
      .select({ postedDate: transactions.postedDate })
      .from(transactions)
      .where(
        and(eq(transactions.accountNumber, savings.accountNumber), eq(transactions.description, 'Interest')),
      )
      .orderBy(transactions.postedDate)
      .limit(1);
    expect(february!.postedDate!.toISOString()).toBe('2025-03-01T07:59:59.999Z');
  });
});

describe('a bank in Pacific/Auckland (UTC+13 in summer)', () => {
  beforeEach(async () => {
    await setBank(t.db, one.bankId, { timeZone: 'Pacific/Auckland' });
  });

  it('closes its month at its own midnight, while UTC is still in that month', async () => {
    const checking = one.checking.accountNumber;
    await openedAt(checking, '2025-01-05T00:00:00Z');
    await insertPosted(t.db, checking, 'credit', 5_000, '2025-01-05T01:00:00Z', 'Opening deposit');
    // 23:59:59 on 31 January there, and 01:00 on 1 February there (12:00 on 31 January in UTC).
    await insertPosted(t.db, checking, 'debit', 100, '2025-01-31T10:59:59Z', 'Late January');
    await insertPosted(t.db, checking, 'credit', 300, '2025-01-31T12:00:00Z', 'Early February');

    await runMonthEnd(t.db, { now: at('2025-01-31T10:59:00Z') });
    expect(await listed()).toEqual([]);
    await runMonthEnd(t.db, { now: at('2025-01-31T11:00:00Z') });
    expect(await listed()).toEqual([fileName(checking, '2025-01')]);
    const january = await statementText(fileName(checking, '2025-01'));
    expect(january).toContain('01/31/2025 Late January 1.00 49.00');
    expect(january).not.toContain('Early February');
    const [row] = await t.db.select().from(statements).where(eq(statements.accountNumber, checking));
    expect([row!.periodStart, row!.closingBalanceCents, row!.timeZone]).toEqual([
      '2025-01-01',
      4_900,
      'Pacific/Auckland',
    ]);

    await runMonthEnd(t.db, { now: at('2025-02-28T11:00:00Z') });
    const february = await statementText(fileName(checking, '2025-02'));
    expect(february).toContain('02/01/2025 Early February 3.00 52.00');
  });

  it('leaves the statements issued in UTC as they were, and starts the next one where they ended', async () => {
    const checking = one.checking.accountNumber;
    await setBank(t.db, one.bankId, { timeZone: 'UTC' });
    await openedAt(checking, '2025-01-05T00:00:00Z');
    await insertPosted(t.db, checking, 'credit', 5_000, '2025-01-05T01:00:00Z', 'Opening deposit');
    // 12:00 on 31 January in UTC, already 1 February in Auckland: January's, as UTC cut it.
    await insertPosted(t.db, checking, 'credit', 300, '2025-01-31T12:00:00Z', 'Cut in UTC');
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const [before] = await t.db.select().from(statements).where(eq(statements.accountNumber, checking));
    expect(before!.timeZone).toBe('UTC');

    // The bank moves to Auckland. February there runs to 11:00 UTC on the 28th.
    await setBank(t.db, one.bankId, { timeZone: 'Pacific/Auckland' });
    await insertPosted(t.db, checking, 'debit', 100, '2025-02-10T00:00:00Z', 'Mid February');
    await insertPosted(t.db, checking, 'debit', 200, '2025-02-28T12:00:00Z', 'March there');
    await runMonthEnd(t.db, { now: at('2025-02-28T11:00:00Z') });

    const rows = await t.db
      .select()
      .from(statements)
      .where(eq(statements.accountNumber, checking))
      .orderBy(statements.periodStart);
    expect(
      rows.map((r) => [r.periodStart, r.timeZone, r.openingBalanceCents, r.closingBalanceCents]),
    ).toEqual([
      ['2025-01-01', 'UTC', 0, 5_300],
      ['2025-02-01', 'Pacific/Auckland', 5_300, 5_200],
    ]);
    expect(Buffer.compare(rows[0]!.pdf, before!.pdf)).toBe(0);
    const february = await statementText(fileName(checking, '2025-02'));
    // No correction and nothing twice: it starts where January's ended (midnight UTC, 13:00 there).
    expect(february).not.toContain('Cut in UTC');
    expect(february).not.toContain('Correction');
    expect(february).toContain('02/10/2025 Mid February 1.00 52.00');
    expect(february).not.toContain('March there');
  });
});
