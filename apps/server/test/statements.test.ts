import { beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { STATEMENT_FILE_PATTERN } from '@bank/shared';
import { call, useTestApp } from './harness.js';
import { insertAccount, insertPosted, seedTwoBanks } from './fixtures.js';
import type { Database } from '../src/db/client.js';
import { accounts, statements, transactions, users } from '../src/db/schema.js';
import { runMonthEnd } from '../src/domain/month-end/index.js';
import { monthPeriod } from '../src/domain/months/period.js';
import { renderStatementPdf } from '../src/domain/statements/index.js';
import type { StatementContent } from '../src/domain/statements/statement-content.js';

const t = useTestApp();
let banks: Awaited<ReturnType<typeof seedTwoBanks>>;
beforeEach(async () => {
  banks = await seedTwoBanks(t.db);
});

const at = (iso: string) => new Date(iso);

async function openedAt(db: Database, accountNumber: string, iso: string) {
  await db
    .update(accounts)
    .set({ openedAt: at(iso) })
    .where(eq(accounts.accountNumber, accountNumber));
}

const posted = insertPosted;

async function pending(
  db: Database,
  accountNumber: string,
  amountCents: number,
  iso: string,
  description: string,
) {
  await db
    .insert(transactions)
    .values({ accountNumber, type: 'credit', description, amountCents, transactionDate: at(iso) });
  await db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} + ${amountCents}` })
    .where(eq(accounts.accountNumber, accountNumber));
}

async function download(fileName: string, token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/user/statements/download/${fileName}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    pdf: response.rawPayload,
    json: () => response.json(),
  };
}

async function pdfText(pdf: Buffer): Promise<{ pages: string[]; text: string }> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: false });
  return { pages: text, text: text.join('\n') };
}

/** "1,234.56" -> 123456 */
const cents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole, fraction] = text.replace(/^-/, '').replaceAll(',', '').split('.');
  return (negative ? -1 : 1) * (Number(whole) * 100 + Number(fraction));
};
const AMOUNT = '-?[0-9]{1,3}(?:,[0-9]{3})*\\.[0-9]{2}';

/** The summary box and the table's totals, read back from the PDF's text. */
function summaryOf(text: string) {
  const grab = (pattern: string) => {
    const match = new RegExp(pattern).exec(text);
    expect(match, pattern).not.toBeNull();
    return match!;
  };
  const opening = grab(`Opening balance on [0-9/]{10} (${AMOUNT})`);
  const credits = grab(`Credits \\(([0-9]+)\\) \\+ (${AMOUNT})`);
  const debits = grab(`Debits \\(([0-9]+)\\) - (${AMOUNT})`);
  const closing = grab(`Closing balance on [0-9/]{10} (${AMOUNT})`);
  const totals = grab(`Total debits and credits (${AMOUNT}) (${AMOUNT})`);
  const tableClosing = grab(`[0-9/]{10} Closing balance (${AMOUNT})`);
  return {
    opening: cents(opening[1]!),
    creditCount: Number(credits[1]),
    credits: cents(credits[2]!),
    debitCount: Number(debits[1]),
    debits: cents(debits[2]!),
    closing: cents(closing[1]!),
    tableDebits: cents(totals[1]!),
    tableCredits: cents(totals[2]!),
    tableClosing: cents(tableClosing[1]!),
  };
}

/** A student's checking account with history over January to March 2025 (UTC months). */
async function seedHistory() {
  const { one } = banks;
  const acct = one.checking.accountNumber;
  await openedAt(t.db, acct, '2025-01-10T09:00:00Z');
  await posted(t.db, acct, 'credit', 50_000, '2025-01-10T09:30:00Z', 'Opening deposit');
  await posted(t.db, acct, 'debit', 1_234, '2025-01-20T12:00:00Z', 'Lunch money');
  await posted(t.db, acct, 'credit', 777, '2025-01-31T23:59:59.999Z', 'Last instant of January');
  await posted(t.db, acct, 'credit', 10_001, '2025-02-01T00:00:00.000Z', 'First instant of February');
  await posted(t.db, acct, 'debit', 2_500, '2025-02-14T15:00:00Z', 'Transfer to SAVINGS **4821');
  await posted(t.db, acct, 'credit', 333, '2025-02-28T23:00:00Z', 'Teller Deposit');
  const deleted = await posted(t.db, acct, 'credit', 999, '2025-02-20T10:00:00Z', 'Deleted deposit');
  await t.db
    .update(transactions)
    .set({ deletedAt: at('2025-02-21T10:00:00Z') })
    .where(eq(transactions.id, deleted.id));
  await t.db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} - 999` })
    .where(eq(accounts.accountNumber, acct));
  await posted(t.db, acct, 'debit', 4_000, '2025-03-03T08:00:00Z', 'March withdrawal');
  await pending(t.db, acct, 1_500, '2025-03-30T08:00:00Z', 'Still pending deposit');
  return acct;
}

const fileName = (acct: string, month: string) => `statement-${acct}-${month}.pdf`;

describe('monthly statements', () => {
  it('issues one statement per ended UTC month in which the account was open, listed newest first', async () => {
    const acct = await seedHistory();
    const result = await runMonthEnd(t.db, { now: at('2025-04-01T00:00:00Z') });
    expect(result.statementsIssued).toBe(3);
    expect(result.months).toEqual(['2025-01', '2025-02', '2025-03']);

    const list = await call(t.app, 'GET', '/user/statements/one-student', {
      token: banks.one.tokens.student,
    });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      fileName(acct, '2025-03'),
      fileName(acct, '2025-02'),
      fileName(acct, '2025-01'),
    ]);
    for (const name of list.body) expect(name).toMatch(STATEMENT_FILE_PATTERN);

    // The other student's account was opened today: no month of it has ended.
    const other = await call(t.app, 'GET', '/user/statements/one-student2', {
      token: banks.one.tokens.otherStudent,
    });
    expect(other.body).toEqual([]);
  });

  it('a month that has not ended (in real time) is never closed, whatever asOf says', async () => {
    const acct = banks.one.checking.accountNumber;
    const now = new Date();
    const previousMonthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    await openedAt(t.db, acct, new Date(previousMonthStart.getTime() + 3 * 86_400_000).toISOString());
    await runMonthEnd(t.db, { now: new Date(), asOf: at('2100-01-01T00:00:00Z') });
    const label = `${previousMonthStart.getUTCFullYear()}-${String(previousMonthStart.getUTCMonth() + 1).padStart(2, '0')}`;
    const list = await call(t.app, 'GET', '/user/statements/one-student', {
      token: banks.one.tokens.student,
    });
    expect(list.body).toEqual([fileName(acct, label)]);
  });

  it('prints bank, customer, account, period, every transaction posted in the month and balances that add up', async () => {
    const acct = await seedHistory();
    await runMonthEnd(t.db, { now: at('2025-04-01T00:00:00Z') });

    const res = await download(fileName(acct, '2025-02'), banks.one.tokens.student);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${fileName(acct, '2025-02')}"`);
    expect(res.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(res.pdf);

    expect(text).toContain('one Bank');
    expect(text).toContain('Account Statement');
    expect(text).toContain('one-student Name');
    expect(text).toContain('Checking account');
    expect(text).toContain(`Account number ${acct}`);
    expect(text).toContain('Statement period: February 1, 2025 - February 28, 2025');
    expect(text).toContain('Date Description Debit Credit Balance');

    // Every transaction posted in February, with its date, amount and running balance...
    expect(text).toContain('02/01/2025 Opening balance 495.43');
    expect(text).toContain('02/01/2025 First instant of February 100.01 595.44');
    expect(text).toContain('02/14/2025 Transfer to SAVINGS **4821 25.00 570.44');
    expect(text).toContain('02/28/2025 Teller Deposit 3.33 573.77');
    // ...and nothing of another month, nothing deleted, nothing pending.
    for (const absent of [
      'Opening deposit',
      'Lunch money',
      'Last instant of January',
      'March withdrawal',
      'Deleted deposit',
      'Still pending',
    ]) {
      expect(text).not.toContain(absent);
    }

    const s = summaryOf(text);
    expect(s).toMatchObject({
      opening: 49_543,
      credits: 10_334,
      debits: 2_500,
      closing: 57_377,
      creditCount: 2,
      debitCount: 1,
    });
    expect(s.opening + s.credits - s.debits).toBe(s.closing);
    expect([s.tableCredits, s.tableDebits, s.tableClosing]).toEqual([s.credits, s.debits, s.closing]);
  });

  it('chains months: each opening balance is the previous closing one; the stored figures match the PDF', async () => {
    const acct = await seedHistory();
    await runMonthEnd(t.db, { now: at('2025-04-01T00:00:00Z') });
    const rows = await t.db
      .select()
      .from(statements)
      .where(eq(statements.accountNumber, acct))
      .orderBy(statements.periodStart);
    expect(rows.map((r) => [r.periodStart, r.openingBalanceCents, r.closingBalanceCents])).toEqual([
      ['2025-01-01', 0, 49_543],
      ['2025-02-01', 49_543, 57_377],
      ['2025-03-01', 57_377, 53_377],
    ]);
    for (const row of rows) {
      const s = summaryOf((await pdfText(row.pdf)).text);
      expect([s.opening, s.closing]).toEqual([row.openingBalanceCents, row.closingBalanceCents]);
      expect(s.opening + s.credits - s.debits).toBe(s.closing);
    }
    // January's boundary: the posting at 23:59:59.999 UTC on the 31st is January's.
    const january = (await pdfText(rows[0]!.pdf)).text;
    expect(january).toContain('01/31/2025 Last instant of January 7.77 495.43');
    expect(january).not.toContain('First instant of February');
    // March: the pending deposit is not on it; the closing balance is the posted balance.
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountNumber, acct));
    expect(account!.balanceCents - 1_500).toBe(53_377);
  });

  it('an issued statement never changes, even when a transaction of its month is edited later', async () => {
    const acct = await seedHistory();
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const before = await download(fileName(acct, '2025-01'), banks.one.tokens.student);
    expect(before.status).toBe(200);

    // An admin changes January's lunch money from 12.34 to 20.00 (the ledger moves the balance
    // and the later running balances with it).
    const [lunch] = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.accountNumber, acct), eq(transactions.description, 'Lunch money')));
    const edit = await call(t.app, 'PUT', '/admin/transactions/update', {
      token: banks.one.tokens.admin,
      body: {
        id: lunch!.id,
        description: 'Lunch money',
        transactionDate: lunch!.transactionDate.toISOString(),
        amount: 20,
      },
    });
    expect(edit.status).toBe(200);

    const again = await runMonthEnd(t.db, { now: at('2025-03-01T00:00:00Z') });
    expect(again.months).toEqual(['2025-02']);
    const after = await download(fileName(acct, '2025-01'), banks.one.tokens.student);
    expect(Buffer.compare(after.pdf, before.pdf)).toBe(0);

    // February opens where January closed and shows the change as a correction on its first day,
    // so that its closing balance is the account's real posted balance.
    const february = (
      await pdfText((await download(fileName(acct, '2025-02'), banks.one.tokens.student)).pdf)
    ).text;
    expect(february).toContain('02/01/2025 Opening balance 495.43');
    expect(february).toContain('02/01/2025 Correction to earlier statement periods 7.66 487.77');
    const s = summaryOf(february);
    expect(s.opening + s.credits - s.debits).toBe(s.closing);
    expect(s.closing).toBe(57_377 - 766);
  });

  it('running month-end again, or twice at once, issues nothing more', async () => {
    await seedHistory();
    const asOf = at('2025-04-01T00:00:00Z');
    const [first, second] = await Promise.all([
      runMonthEnd(t.db, { now: asOf }),
      runMonthEnd(t.db, { now: asOf }),
    ]);
    expect(first.statementsIssued + second.statementsIssued).toBe(3);
    const third = await runMonthEnd(t.db, { now: asOf });
    expect(third).toEqual({ months: [], interestCredited: 0, interestNothingDue: 0, statementsIssued: 0 });
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(statements);
    expect(count!.n).toBe(3);
  });

  it('a month without postings gets a statement whose opening and closing balances agree', async () => {
    const acct = banks.one.checking.accountNumber;
    await openedAt(t.db, acct, '2025-01-05T00:00:00Z');
    await posted(t.db, acct, 'credit', 12_345, '2025-01-06T00:00:00Z');
    await runMonthEnd(t.db, { now: at('2025-03-01T00:00:00Z') });
    const { text } = await pdfText((await download(fileName(acct, '2025-02'), banks.one.tokens.student)).pdf);
    expect(text).toContain('No transactions were posted in this period.');
    const s = summaryOf(text);
    expect([s.opening, s.credits, s.debits, s.closing]).toEqual([12_345, 0, 0, 12_345]);
  });

  it('a long month breaks across pages, repeating the header, numbering the pages and keeping every row', async () => {
    const acct = banks.one.checking.accountNumber;
    await openedAt(t.db, acct, '2025-01-01T00:00:00Z');
    let expected = 0;
    for (let i = 0; i < 130; i++) {
      const credit = i % 4 !== 3;
      const amount = 1_000 + i;
      expected += credit ? amount : -amount;
      const day = String(1 + Math.floor(i / 5)).padStart(2, '0');
      await posted(
        t.db,
        acct,
        credit ? 'credit' : 'debit',
        amount,
        `2025-01-${day}T10:${String(i % 60).padStart(2, '0')}:00Z`,
        `Row ${i + 1}`,
      );
    }
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const { pages, text } = await pdfText(
      (await download(fileName(acct, '2025-01'), banks.one.tokens.student)).pdf,
    );
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Date Description Debit Credit Balance');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain('(continued)');
    });
    for (let i = 1; i <= 130; i++) expect(text).toMatch(new RegExp(`Row ${i} ${AMOUNT} ${AMOUNT}`));
    const s = summaryOf(text);
    expect(s.closing).toBe(expected);
    expect(s.creditCount + s.debitCount).toBe(130);
  });

  it('a closed account keeps the statements of the months it was open, and gets no more', async () => {
    const { one } = banks;
    const closing = await insertAccount(t.db, {
      userId: one.student.id,
      bankId: one.bankId,
      branchId: one.main.id,
      type: 'CHECKING',
    });
    await openedAt(t.db, closing.accountNumber, '2025-01-15T00:00:00Z');
    await posted(t.db, closing.accountNumber, 'credit', 5_000, '2025-01-16T00:00:00Z');
    await posted(t.db, closing.accountNumber, 'debit', 5_000, '2025-02-03T00:00:00Z');
    await t.db
      .update(accounts)
      .set({ closedAt: at('2025-02-10T00:00:00Z') })
      .where(eq(accounts.accountNumber, closing.accountNumber));
    await runMonthEnd(t.db, { now: at('2025-05-01T00:00:00Z') });
    const list = await call(t.app, 'GET', '/user/statements/one-student', { token: one.tokens.student });
    expect(list.body).toEqual([
      fileName(closing.accountNumber, '2025-02'),
      fileName(closing.accountNumber, '2025-01'),
    ]);
    expect((await download(fileName(closing.accountNumber, '2025-02'), one.tokens.student)).status).toBe(200);
  });
});

/** Names and memos as a class writes them: Latin with accents, Greek, Cyrillic, Chinese, Japanese, Korean. */
const MEMOS = [
  'Zoë Ñúñez',
  'Дарья Смирнова',
  '王小明',
  'Ελένη Παπαδοπούλου',
  'さくら ユウキ',
  '김민준',
  'Lunch: 王小明 & Дарья',
];

describe('statements in every script a class has', () => {
  /** January 2025 on one-student's checking account, with a deposit for each memo. */
  async function issueWith(owner: string, memos: string[], descriptions: string[] = []) {
    const acct = banks.one.checking.accountNumber;
    await t.db.update(users).set({ name: owner }).where(eq(users.id, banks.one.student.id));
    await openedAt(t.db, acct, '2025-01-01T00:00:00Z');
    for (const [i, memo] of memos.entries()) {
      const row = await posted(t.db, acct, 'credit', 100 * (i + 1), `2025-01-0${i + 2}T10:00:00Z`);
      await t.db.update(transactions).set({ memo }).where(eq(transactions.id, row.id));
    }
    for (const [i, description] of descriptions.entries())
      await posted(t.db, acct, 'credit', 1_000, `2025-01-2${i}T10:00:00Z`, description);
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    return (await download(fileName(acct, '2025-01'), banks.one.tokens.student)).pdf;
  }

  it('prints the owner and every memo exactly as written', async () => {
    const pdf = await issueWith('Łukasz Wróbel', MEMOS);
    const { text } = await pdfText(pdf);
    expect(text).toContain('Łukasz Wróbel');
    MEMOS.forEach((memo, i) => {
      const amount = (i + 1).toFixed(2);
      expect(text).toContain(`01/0${i + 2}/2025 Teller Deposit · ${memo} ${amount}`);
    });
  });

  it('prints a character no font has as the replacement character, and a control character as a space', async () => {
    const pdf = await issueWith('Amira 😀 Haddad', [], ['Café\tfür 😀 Zoë', 'سلام']);
    const { text } = await pdfText(pdf);
    expect(text).toContain('Amira \uFFFD Haddad');
    expect(text).toContain('01/20/2025 Café für \uFFFD Zoë 10.00');
    expect(text).toContain('01/21/2025 \uFFFD\uFFFD\uFFFD\uFFFD 10.00');
  });

  /** The statement as month-end would hand it to the renderer. */
  const content = (customerName: string, descriptions: string[]): StatementContent => {
    const period = monthPeriod(2025, 0, 'UTC');
    return {
      bankName: 'one Bank',
      customerName,
      accountType: 'CHECKING',
      accountNumber: '1234567890',
      period,
      issuedAt: period.end,
      openingBalanceCents: 0,
      lines: descriptions.map((description, i) => ({
        date: at(`2025-01-0${i + 2}T10:00:00Z`),
        description,
        debitCents: null,
        creditCents: 100,
        balanceCents: 100 * (i + 1),
      })),
      totalDebitsCents: 0,
      totalCreditsCents: 100 * descriptions.length,
      closingBalanceCents: 100 * descriptions.length,
    };
  };
  /** The fonts a PDF embeds, by name without the subset tag ("ABCDEF+NotoSans-Bold" -> "NotoSans-Bold"). */
  const embeddedFonts = (pdf: Buffer) =>
    [
      ...new Set([...pdf.toString('latin1').matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((m) => m[1])),
    ].sort();

  it('embeds the Chinese and Korean fonts only in a statement that has such characters', async () => {
    const latin = await renderStatementPdf(content('Łukasz Wróbel', ['Zoë Ñúñez', 'Дарья Смирнова']));
    expect(embeddedFonts(latin)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
    const chinese = await renderStatementPdf(content('王小明', ['Lunch']));
    // The name is in bold, the rest of the statement has no Chinese: only the bold Chinese font.
    expect(embeddedFonts(chinese)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansSC-Bold']);
    const korean = await renderStatementPdf(content('Kim', ['김민준']));
    expect(embeddedFonts(korean)).toEqual(['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansKR-Regular']);
  });

  it('prints any text without failing: a lone surrogate, emoji sequences, words longer than a line', async () => {
    const pdf = await renderStatementPdf(
      content('Bo\uD800b', ['family 👨‍👩‍👧 and 🇵🇱', 'x'.repeat(300), '王'.repeat(120)]),
    );
    const { text } = await pdfText(pdf);
    expect(text).toContain('Bo\uFFFDb');
    // One replacement character for each character a reader sees, however many code points it has.
    expect(text).toContain('family \uFFFD and \uFFFD');
    // Cut into lines wherever a word does not fit, and every character kept.
    expect(text.replace(/\s/g, '')).toContain('x'.repeat(300));
    expect(text.replace(/\s/g, '')).toContain('王'.repeat(120));
  });

  it('renders the same statement to the same bytes every time, with the fonts just loaded or long in use', async () => {
    const statement = content('Łukasz Wróbel 王小明', MEMOS);
    vi.resetModules();
    const justLoaded = await import('../src/domain/statements/index.js');
    const first = await justLoaded.renderStatementPdf(statement);
    const second = await justLoaded.renderStatementPdf(structuredClone(statement));
    const third = await renderStatementPdf(structuredClone(statement));
    expect(Buffer.compare(first, second)).toBe(0);
    expect(Buffer.compare(first, third)).toBe(0);
  });
});

describe('who may list and download statements', () => {
  it('the owner and staff of the bank may; another student and another bank get 404', async () => {
    const acct = await seedHistory();
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const name = fileName(acct, '2025-01');
    const { one, two } = banks;

    for (const token of [one.tokens.student, one.tokens.teller, one.tokens.admin]) {
      const list = await call(t.app, 'GET', '/user/statements/one-student', { token });
      expect(list.status).toBe(200);
      expect(list.body).toEqual([name]);
      expect((await download(name, token)).status).toBe(200);
    }
    for (const token of [one.tokens.otherStudent, two.tokens.student, two.tokens.teller, two.tokens.admin]) {
      const list = await call(t.app, 'GET', '/user/statements/one-student', { token });
      expect(list.status).toBe(404);
      expect(list.body.error).toBe('NOT_FOUND');
      const res = await download(name, token);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
    // A well-formed name that was never issued looks exactly like someone else's.
    expect((await download(fileName(acct, '2024-12'), one.tokens.student)).status).toBe(404);
    expect((await download('statement-9999999999-2025-01.pdf', one.tokens.admin)).status).toBe(404);
    expect(
      (await call(t.app, 'GET', '/user/statements/nobody-here', { token: one.tokens.admin })).status,
    ).toBe(404);
  });

  it('needs a signed-in user', async () => {
    expect((await call(t.app, 'GET', '/user/statements/one-student')).status).toBe(401);
    expect(
      (await call(t.app, 'GET', '/user/statements/download/statement-1234567890-2025-01.pdf')).status,
    ).toBe(401);
  });

  it('answers 400 for any name that is not exactly statement-{10 digits}-{YYYY}-{MM}.pdf', async () => {
    const acct = await seedHistory();
    await runMonthEnd(t.db, { now: at('2025-02-01T00:00:00Z') });
    const bad = [
      '..%2F..%2Fetc%2Fpasswd',
      '..%2F..%2F..%2Fetc%2Fpasswd%00.pdf',
      '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
      `..%2F${fileName(acct, '2025-01')}`,
      `statement-${acct}-2025-13.pdf`,
      `statement-${acct}-2025-00.pdf`,
      `statement-${acct}-2025-1.pdf`,
      'statement-123456789-2025-01.pdf',
      'statement-12345678901-2025-01.pdf',
      `statement-${acct}-2025-01.pdf.exe`,
      `statement-${acct}-2025-01.pdfx`,
      `${fileName(acct, '2025-01')}%00`,
      `${fileName(acct, '2025-01')}%0a`,
      `statement-${acct}-2025-01.PDF`,
      `%20${fileName(acct, '2025-01')}`,
      'statement.pdf',
    ];
    for (const name of bad) {
      const res = await download(name, banks.one.tokens.student);
      expect(res.status, name).toBe(400);
      expect(res.json().error, name).toBe('VALIDATION');
    }
    // The good name works, so the 400s are about the names alone.
    expect((await download(fileName(acct, '2025-01'), banks.one.tokens.student)).status).toBe(200);
  });
});
