import { beforeEach, describe, expect, it } from 'vitest';
import { call, useTestApp } from './harness.js';
import { seedTwoBanks, type SeededBank } from './fixtures.js';

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
});

const deposit = async (amount: number) => {
  const res = await call(t.app, 'POST', '/teller/deposits', {
    token: one.tokens.teller,
    body: { accountId: one.checking.accountNumber, amount },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};

describe('GET /admin/audit', () => {
  it("lists the bank's transaction edits and deletes, newest first, with who, when, before and after", async () => {
    const first = await deposit(100);
    const second = await deposit(40);
    const edit = await call(t.app, 'PUT', '/admin/transactions/update', {
      token: one.tokens.admin,
      body: { id: first.id, description: 'Corrected deposit', transactionDate: '2030-01-02', amount: 90.5 },
    });
    expect(edit.status).toBe(200);
    expect(
      (await call(t.app, 'DELETE', `/admin/transactions/${second.id}/delete`, { token: one.tokens.admin }))
        .status,
    ).toBe(204);

    const res = await call(t.app, 'GET', '/admin/audit', { token: one.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    const [deleted, updated] = res.body;
    expect(deleted).toMatchObject({
      action: 'delete',
      actor: 'one-admin',
      transactionId: second.id,
      before: { amount: 40, description: 'Teller Deposit', deleted: false },
      after: { deleted: true },
    });
    expect(updated).toMatchObject({
      action: 'update',
      actor: 'one-admin',
      transactionId: first.id,
      before: { amount: 100, description: 'Teller Deposit' },
      after: { amount: 90.5, description: 'Corrected deposit' },
    });
    expect(Date.parse(updated.at)).not.toBeNaN();
  });

  it('pages with X-Next-Cursor', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await deposit(10 + i)).id);
    for (const id of ids)
      await call(t.app, 'DELETE', `/admin/transactions/${id}/delete`, { token: one.tokens.admin });
    const first = await call(t.app, 'GET', '/admin/audit?limit=2', { token: one.tokens.admin });
    expect(first.body).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await call(t.app, 'GET', `/admin/audit?limit=2&cursor=${cursor}`, {
      token: one.tokens.admin,
    });
    expect(second.body).toHaveLength(1);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const seen = [...first.body, ...second.body].map((r: { transactionId: number }) => r.transactionId);
    expect(seen).toEqual([...ids].reverse());
  });

  it("shows another bank's admin none of this bank's records", async () => {
    const made = await deposit(5);
    await call(t.app, 'DELETE', `/admin/transactions/${made.id}/delete`, { token: one.tokens.admin });
    const res = await call(t.app, 'GET', '/admin/audit', { token: two.tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('refuses a bad cursor with 400', async () => {
    const res = await call(t.app, 'GET', '/admin/audit?cursor=abc', { token: one.tokens.admin });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION');
  });
});
