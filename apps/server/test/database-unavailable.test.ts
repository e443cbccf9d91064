import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { call, createScratchDatabase, databaseKind, startAppOn, testDatabaseUrl } from './harness.js';
import { openWith, seedBank, type SeededBank } from './fixtures.js';
import { startTcpProxy, type TcpProxy } from './tcp-proxy.js';

/**
 * While the bank cannot reach its PostgreSQL server (stopped, restarting, the network down), every
 * call that needs the database answers 503 UNAVAILABLE with Retry-After: the caller learns that
 * the bank is there and will be back, not that it broke (500). Once the database answers again,
 * so does the bank, without a restart. The database goes away behind a TCP proxy the test cuts.
 * (The embedded database lives inside the server's process: it cannot be unreachable.)
 */
describe.skipIf(databaseKind === 'pglite')('the API while the database cannot be reached', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: TcpProxy;
  let started: Awaited<ReturnType<typeof startAppOn>>;
  let bank: SeededBank;
  const app = () => started.app;

  beforeAll(async () => {
    scratch = await createScratchDatabase(testDatabaseUrl!, { template: inject('postgresTemplate') });
    const setup = await openDatabase({ databaseUrl: scratch.url });
    bank = await seedBank(setup.db, 'unreachable');
    await openWith(setup.db, bank.checking.accountNumber, 100_000);
    await setup.close();
    proxy = await startTcpProxy(scratch.url);
    started = await startAppOn({ databaseUrl: proxy.url });
  });
  afterAll(async () => {
    await proxy?.restore();
    await started?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  let keys = 0;
  const transfer = () =>
    call(app(), 'POST', '/user/transfers', {
      token: bank.tokens.admin,
      headers: { 'idempotency-key': `unreachable-${++keys}` },
      body: {
        fromAccountId: bank.checking.accountNumber,
        toAccountId: bank.otherChecking.accountNumber,
        amount: 1,
      },
    });
  const deposit = () =>
    call(app(), 'POST', '/teller/deposits', {
      token: bank.tokens.admin,
      body: { accountId: bank.checking.accountNumber, amount: 1 },
    });
  const history = () =>
    call(app(), 'GET', `/user/transactions/${bank.checking.accountNumber}`, { token: bank.tokens.admin });
  const signIn = () =>
    call(app(), 'POST', '/login', { body: { username: bank.teller.username, password: 'Fixture-1234' } });

  function expectUnavailable(answer: Awaited<ReturnType<typeof call>>) {
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toMatchObject({ error: 'UNAVAILABLE', reason: 'UNAVAILABLE' });
    expect(answer.body.message).toEqual(expect.any(String));
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('answers 503 with Retry-After on every kind of call, then 2xx once the database is back', async () => {
    // The pool holds connections to the database first, as a running server does.
    expect((await transfer()).status).toBe(201);
    expect((await deposit()).status).toBe(201);
    expect((await history()).status).toBe(200);

    proxy.cut();
    expect((await call(app(), 'GET', '/healthz')).status).toBe(503);
    // Transfers go through the group commit queue, deposits through a transaction of their own.
    expectUnavailable(await transfer());
    expectUnavailable(await deposit());
    expectUnavailable(await history());
    expectUnavailable(await signIn());
    // Many transfers at once: one group after another fails, each of its callers answered.
    for (const answer of await Promise.all(Array.from({ length: 20 }, transfer))) expectUnavailable(answer);

    await proxy.restore();
    // The pool opens new connections on demand: the next calls succeed.
    expect((await call(app(), 'GET', '/healthz')).status).toBe(200);
    expect((await transfer()).status).toBe(201);
    expect((await deposit()).status).toBe(201);
    expect((await history()).status).toBe(200);
    expect((await signIn()).status).toBe(200);
  });
});
