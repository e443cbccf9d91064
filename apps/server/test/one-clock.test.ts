import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import type { Clock } from '../src/clock.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { monthEndJob } from '../src/jobs/month-end.js';
import { postingJob } from '../src/jobs/posting.js';
import { checkResponses, flushTally } from './document-check.js';
import { call, openTestDatabase, testConfig } from './harness.js';
import { seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * One clock: the server reads the time only from the clock it is given (buildApp's, the jobs'),
 * never from the machine or the database. Here it stands in March 2024, years before the machine's
 * time, and the bank's whole month happens then: an account opened, a deposit, a transfer (the
 * group commit's path), a payday, posting, and month-end. Any step that read the time for itself
 * would date its rows today and leave them off March 2024's statement.
 */

const at = (iso: string) => new Date(iso);
let time = at('2024-03-04T09:00:00Z');
const clock: Clock = { now: () => new Date(time.getTime()) };
const DAY_MS = 86_400_000;

let handle: DatabaseHandle;
let app: FastifyInstance;
let one: SeededBank;
beforeAll(async () => {
  handle = await openTestDatabase();
  app = await buildApp({ config: testConfig, db: handle.db, clock });
  checkResponses(app);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.close();
  flushTally();
});
beforeEach(async () => {
  ({ one } = await seedTwoBanks(handle.db));
});

const moneyCall = (path: string, token: string, body: object) =>
  call(app, 'POST', path, { token, body, headers: { 'idempotency-key': crypto.randomUUID() } });

async function openAccount(accountType: 'CHECKING' | 'SAVINGS'): Promise<string> {
  const opened = await call(app, 'POST', '/admin/accounts/create', {
    token: one.tokens.admin,
    body: { branchId: one.main.id, userId: one.student.username, accountType },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return opened.body.accountId;
}

async function history(accountId: string) {
  const listed = await call(app, 'GET', `/user/transactions/${accountId}`, { token: one.tokens.student });
  expect(listed.status).toBe(200);
  const rows: Array<{
    description: string;
    memo: string | null;
    transactionDate: string;
    postedDate: string | null;
  }> = listed.body;
  return (which: (row: (typeof rows)[number]) => boolean) => rows.find(which);
}

describe('the one clock, standing in March 2024', () => {
  it('dates every account, money movement, posting and statement by it', async () => {
    const checking = await openAccount('CHECKING');
    const savings = await openAccount('SAVINGS');
    const opened = time;

    const deposit = await moneyCall('/teller/deposits', one.tokens.teller, {
      accountId: checking,
      amount: 100,
    });
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(201);
    time = at('2024-03-06T10:00:00Z');
    expect((await call(app, 'POST', '/admin/transactions/post', { token: one.tokens.admin })).status).toBe(
      200,
    );

    time = at('2024-03-11T12:00:00Z');
    const transfer = await moneyCall('/user/transfers', one.tokens.student, {
      fromAccountId: checking,
      toAccountId: savings,
      amount: 30,
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(201);
    const transferred = time;
    time = at('2024-03-13T07:00:00Z');
    await postingJob.run(handle.db, testConfig, clock);
    const transferPosted = time;
    time = at('2024-03-15T08:00:00Z');
    const payday = await moneyCall('/teller/batches', one.tokens.teller, {
      kind: 'deposit',
      memo: 'March payday',
      items: [{ accountId: checking, amount: 5 }],
    });
    expect(payday.status, JSON.stringify(payday.body)).toBe(201);
    const paid = time;

    // The posting job posts what is due by its clock, at its clock.
    time = at('2024-03-20T06:00:00Z');
    await postingJob.run(handle.db, testConfig, clock);
    const due = (from: Date) =>
      new Date(from.getTime() + testConfig.postingDelaySeconds * 1000).toISOString();
    const inChecking = await history(checking);
    expect(inChecking((row) => row.description === 'Teller Deposit' && row.memo === null)).toMatchObject({
      transactionDate: due(opened),
      postedDate: '2024-03-06T10:00:00.000Z',
    });
    expect(inChecking((row) => row.description.startsWith('Transfer'))).toMatchObject({
      transactionDate: due(transferred),
      postedDate: transferPosted.toISOString(),
    });
    expect(inChecking((row) => row.memo === 'March payday')).toMatchObject({
      transactionDate: due(paid),
      postedDate: time.toISOString(),
    });
    expect(Date.parse(due(paid)) - paid.getTime()).toBe(DAY_MS);

    // Month-end by the clock: March 2024 has ended, April has not.
    time = at('2024-04-01T00:00:05Z');
    await monthEndJob.run(handle.db, testConfig, clock);
    const statements = await call(app, 'GET', `/user/statements/${one.student.username}`, {
      token: one.tokens.student,
    });
    expect(statements.body).toEqual(
      expect.arrayContaining([`statement-${checking}-2024-03.pdf`, `statement-${savings}-2024-03.pdf`]),
    );
    expect(statements.body.filter((name: string) => !name.endsWith('-2024-03.pdf'))).toEqual([]);
    // March's interest on the savings (30.00 from the 13th), posted on March's last instant.
    const inSavings = await history(savings);
    expect(inSavings((row) => row.description === 'Interest')).toMatchObject({
      postedDate: '2024-03-31T23:59:59.999Z',
    });
  });
});
