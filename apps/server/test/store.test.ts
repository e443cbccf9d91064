import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages, storeText } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { users } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { expireOrders } from '../src/domain/store/index.js';
import { call, databaseKind, useTestApp } from './harness.js';
import { insertClassmate, openWith, seedBank, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Issue 34 item 3, the class store (API.md "The class economy"), through HTTP on both databases:
 * an order holds its price (available drops, the balance does not) and takes one from stock in one
 * transaction, never more orders than stock whatever arrives at once; giving it turns the hold
 * into one debit "Store: {item}"; a refund, cancel or expiry gives back the hold to the cent and
 * the stock; a teacher runs their own class's store; the books balance after each test.
 */

const t = useTestApp();
let bank: SeededBank;
/** The bank's teller, teacher of the main branch (the bank's student's class). */
let teacher: string;

const post = (token: string, url: string, body?: unknown, headers?: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body, ...(headers ? { headers } : {}) });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });

async function account(accountNumber: string) {
  const [row] = await queryRows<{ balance: string; held: string }>(
    t.db,
    sql`select balance_cents::text as balance, held_cents::text as held from accounts where account_number = ${accountNumber}`,
  );
  return {
    balance: Number(row!.balance),
    held: Number(row!.held),
    available: Number(row!.balance) - Number(row!.held),
  };
}

async function stockOf(itemId: number): Promise<number | null> {
  const [row] = await queryRows<{ stock: number | null }>(
    t.db,
    sql`select stock from store_items where id = ${itemId}`,
  );
  return row!.stock;
}

/**
 * The deadlocks PostgreSQL has detected in this database (0 on PGlite: one connection). A backend
 * reports its count when it goes idle, at most a second later, so this waits that long first.
 */
async function deadlocksSoFar(): Promise<number> {
  if (databaseKind === 'pglite') return 0;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const [row] = await queryRows<{ n: string }>(
    t.db,
    sql`select deadlocks::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(row!.n);
}

const orderCount = async () =>
  Number((await queryRows<{ n: string }>(t.db, sql`select count(*)::text as n from store_orders`))[0]!.n);

async function makeItem(body: Record<string, unknown>, token = teacher) {
  const made = await post(token, '/teller/items', { name: 'Homework pass', price: 3, ...body });
  expect(made.status).toBe(201);
  return made.body as { itemId: number; stock: number | null; branchId: number | null };
}

const order = (
  itemId: number,
  accountId = bank.checking.accountNumber,
  token = bank.tokens.student,
  headers?: Record<string, string>,
) => post(token, '/user/orders', { itemId, accountId }, headers);

beforeEach(async () => {
  bank = await seedBank(t.db, 'store');
  await t.db.update(users).set({ branchId: bank.main.id }).where(eq(users.id, bank.teller.id));
  teacher = await createSession(t.db, bank.teller.id, 3600);
  await openWith(t.db, bank.checking.accountNumber, 1000);
  return async () => expect(await verifyLedger(t.db)).toEqual([]);
});

describe('ordering holds the price and takes one from stock', () => {
  it('20 orders at once for 5 in stock: exactly 5 are placed, the others "Sold out", each placed one holding its price', async () => {
    const item = await makeItem({ stock: 5 });
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const mate = await insertClassmate(t.db, bank, `store-buyer-${i}`);
        await openWith(t.db, mate.checking, 500);
        return { checking: mate.checking, token: await createSession(t.db, mate.id, 3600) };
      }),
    );
    const answers = await Promise.all(buyers.map((b) => order(item.itemId, b.checking, b.token)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(5);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.message, a.body.reason])).toEqual(
      Array.from({ length: 15 }, () => [409, storeText.soldOut, 'SOLD_OUT']),
    );
    expect(await stockOf(item.itemId)).toBe(0);
    expect(await orderCount()).toBe(5);
    const holds = await Promise.all(buyers.map((b) => account(b.checking)));
    expect(holds.filter((h) => h.held === 300 && h.balance === 500)).toHaveLength(5);
    expect(holds.filter((h) => h.held === 0 && h.balance === 500)).toHaveLength(15);
  });

  it('an order holds the price: available drops, the balance does not; the order waits', async () => {
    const item = await makeItem({ stock: 3 });
    const placed = await order(item.itemId);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      itemId: item.itemId,
      itemName: 'Homework pass',
      accountId: bank.checking.accountNumber,
      username: bank.student.username,
      price: 3,
      status: 'waiting',
      decidedBy: null,
      transactionId: null,
    });
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 1000, held: 300, available: 700 });
    expect(await stockOf(item.itemId)).toBe(2);
    const accounts = await get(bank.tokens.student, `/user/accounts/user/${bank.student.username}`);
    expect(accounts.body[0]).toMatchObject({ balance: 10, available: 7 });
  });

  it('above available is a 409 "Insufficient funds" and nothing is held or taken; what orders hold is named', async () => {
    const item = await makeItem({ price: 6, stock: 4 });
    expect((await order(item.itemId)).status).toBe(201);
    const refused = await order(item.itemId);
    expect([refused.status, refused.body.reason, refused.body.message]).toEqual([
      409,
      'INSUFFICIENT_FUNDS',
      storeText.insufficientFundsHeldForOrder('$6.00'),
    ]);
    const dear = await makeItem({ name: 'Class pet for a day', price: 10.01 });
    const beyond = await order(dear.itemId);
    expect([beyond.status, beyond.body.message]).toEqual([409, messages.insufficientFunds]);
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 1000, held: 600, available: 400 });
    expect(await stockOf(item.itemId)).toBe(3);
    expect(await orderCount()).toBe(1);
  });

  it('the per-student limit: waiting and given orders count, a cancelled one does not', async () => {
    const item = await makeItem({ perStudentLimit: 2 });
    const first = await order(item.itemId);
    expect((await order(item.itemId)).status).toBe(201);
    const third = await order(item.itemId);
    expect([third.status, third.body.message, third.body.reason]).toEqual([
      409,
      storeText.limitReached,
      'LIMIT_REACHED',
    ]);
    expect((await post(teacher, `/teller/orders/${first.body.orderId}/fulfil`)).status).toBe(200);
    expect((await order(item.itemId)).status).toBe(409);
    // Another Student has a limit of their own.
    const mate = await insertClassmate(t.db, bank, 'store-mate');
    await openWith(t.db, mate.checking, 500);
    expect((await order(item.itemId, mate.checking, await createSession(t.db, mate.id, 3600))).status).toBe(
      201,
    );
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 700, held: 300, available: 400 });
  });

  it("one Student's orders at once from both their accounts meet the per-student limit one after the other", async () => {
    const item = await makeItem({ price: 1, perStudentLimit: 2 });
    const mate = await insertClassmate(t.db, bank, 'store-twice');
    await openWith(t.db, mate.checking, 500);
    await openWith(t.db, mate.savings, 500);
    const token = await createSession(t.db, mate.id, 3600);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => order(item.itemId, i % 2 ? mate.savings : mate.checking, token)),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, ...Array.from({ length: 8 }, () => 409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.reason)).toEqual(
      Array.from({ length: 8 }, () => 'LIMIT_REACHED'),
    );
    const held = (await account(mate.checking)).held + (await account(mate.savings)).held;
    expect(held).toBe(200);
  });

  it('orders, refunds and cancels of one item at once all answer (none deadlocks), and stock and holds add up', async () => {
    const item = await makeItem({ price: 1, stock: 12 });
    const buyers = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const mate = await insertClassmate(t.db, bank, `store-race-${i}`);
        await openWith(t.db, mate.checking, 500);
        return { checking: mate.checking, token: await createSession(t.db, mate.id, 3600) };
      }),
    );
    const first = await Promise.all(buyers.map((b) => order(item.itemId, b.checking, b.token)));
    expect(first.map((a) => a.status)).toEqual(buyers.map(() => 201));
    const deadlocksBefore = await deadlocksSoFar();
    const answers = await Promise.all([
      ...buyers.map((b) => order(item.itemId, b.checking, b.token)),
      ...first
        .slice(0, 4)
        .map((a) => post(teacher, `/teller/orders/${a.body.orderId}/refund`, { reason: 'No' })),
      ...first.slice(4).map((a, i) => post(buyers[4 + i]!.token, `/user/orders/${a.body.orderId}/cancel`)),
    ]);
    for (const a of answers) expect([200, 201, 409], JSON.stringify(a.body)).toContain(a.status);
    const [waiting] = await queryRows<{ n: number; held: string }>(
      t.db,
      sql`select count(*)::int as n, coalesce(sum(held_cents), 0)::text as held from store_orders
          where item_id = ${item.itemId} and status = 'waiting'`,
    );
    expect((await stockOf(item.itemId))! + waiting!.n).toBe(12);
    const heldNow = await Promise.all(buyers.map((b) => account(b.checking)));
    expect(heldNow.reduce((sum, h) => sum + h.held, 0)).toBe(Number(waiting!.held));
    // A deadlock is retried (db/transaction.ts), so every answer above comes either way: the
    // database's own count says whether the store's steps took their locks in one order.
    expect(await deadlocksSoFar()).toBe(deadlocksBefore);
  });

  it('an order with an Idempotency-Key is placed once: the repeat answers the same order, holding once', async () => {
    const item = await makeItem({ stock: 5 });
    const headers = { 'idempotency-key': 'order-once-1' };
    const once = await order(item.itemId, bank.checking.accountNumber, bank.tokens.student, headers);
    const again = await order(item.itemId, bank.checking.accountNumber, bank.tokens.student, headers);
    expect(once.status).toBe(201);
    expect([again.status, again.body]).toEqual([201, once.body]);
    expect(await orderCount()).toBe(1);
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 300 });
    expect(await stockOf(item.itemId)).toBe(4);
    // The same key on another item is a different request: refused, nothing placed.
    const other = await makeItem({ name: 'Sticker' });
    const reused = await order(other.itemId, bank.checking.accountNumber, bank.tokens.student, headers);
    expect(reused.status).toBe(409);
    expect(await orderCount()).toBe(1);
  });

  it("an order's answer is the order as the Student's list shows it, a price in cents and both moments included", async () => {
    const item = await makeItem({ price: 1.05, stock: 5, perStudentLimit: 2 });
    const placed = await order(item.itemId, bank.checking.accountNumber, bank.tokens.student);
    expect(placed.status).toBe(201);
    const mine = await get(bank.tokens.student, `/user/orders/${bank.student.username}`);
    expect(mine.body).toEqual([placed.body]);
    expect(placed.body).toMatchObject({
      price: 1.05,
      status: 'waiting',
      accountId: bank.checking.accountNumber,
    });
  });

  it('validation errors change nothing', async () => {
    const item = await makeItem({ stock: 5 });
    for (const body of [
      {},
      { itemId: item.itemId },
      { itemId: 'x', accountId: bank.checking.accountNumber },
      { itemId: item.itemId, accountId: '12' },
      { itemId: -1, accountId: bank.checking.accountNumber },
    ]) {
      const refused = await post(bank.tokens.student, '/user/orders', body);
      expect([refused.status, refused.body.error]).toEqual([400, 'VALIDATION']);
    }
    for (const body of [
      { name: '', price: 1 },
      { name: 'A', price: 0 },
      { name: 'A', price: 1, stock: -1 },
      { name: 'A', price: 1, perStudentLimit: 0 },
      { name: 'A', price: 1.001 },
    ]) {
      expect((await post(teacher, '/teller/items', body)).status).toBe(400);
    }
    expect(
      (await call(t.app, 'PUT', `/teller/items/${item.itemId}`, { token: teacher, body: {} })).status,
    ).toBe(400);
    expect((await post(teacher, `/teller/orders/1/refund`, { reason: '' })).status).toBe(400);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(item.itemId)).toBe(5);
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 1000, held: 0, available: 1000 });
    expect((await get(teacher, `/user/items/${bank.bankId}`)).body).toHaveLength(1);
  });
});

describe('giving an item, and every release', () => {
  it('fulfil makes one debit "Store: {item}" by the teacher, the hold goes; the audit log says so; the reversal undoes it', async () => {
    const item = await makeItem({ stock: 2 });
    const placed = await order(item.itemId);
    const given = await post(teacher, `/teller/orders/${placed.body.orderId}/fulfil`);
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ status: 'fulfilled', decidedBy: bank.teller.username });
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 700, held: 0, available: 700 });
    expect(await stockOf(item.itemId)).toBe(1);
    const rows = await queryRows<{
      id: number;
      type: string;
      amount: string;
      description: string;
      created_by: number;
    }>(
      t.db,
      sql`select id, type, amount_cents::text as amount, description, created_by from transactions
          where account_number = ${bank.checking.accountNumber} and description <> 'Opening'`,
    );
    expect(rows.map((r) => [r.id, r.type, r.amount, r.description, r.created_by])).toEqual([
      [given.body.transactionId, 'debit', '300', 'Store: Homework pass', bank.teller.id],
    ]);
    const audit = await get(bank.tokens.admin, '/admin/audit');
    expect(audit.body.find((a: any) => a.action === 'order.fulfil')).toMatchObject({
      actor: bank.teller.username,
      transactionId: given.body.transactionId,
    });
    const reversed = await post(
      bank.tokens.admin,
      `/admin/transactions/${given.body.transactionId}/reverse`,
      {
        reason: 'Gave it back',
      },
    );
    expect(reversed.status).toBe(201);
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 1000, held: 0, available: 1000 });
  });

  it('refund, cancel and expiry each give back the hold to the cent and the stock', async () => {
    const item = await makeItem({ price: 2.37, stock: 3 });
    const before = await account(bank.checking.accountNumber);
    const [a, b, c] = [await order(item.itemId), await order(item.itemId), await order(item.itemId)];
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 711, available: 289 });
    expect(await stockOf(item.itemId)).toBe(0);

    const refunded = await post(teacher, `/teller/orders/${a.body.orderId}/refund`, {
      reason: 'Out of passes',
    });
    expect(refunded.body).toMatchObject({ status: 'refunded', reason: 'Out of passes', transactionId: null });
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 474, available: 526 });
    expect(await stockOf(item.itemId)).toBe(1);

    const cancelled = await post(bank.tokens.student, `/user/orders/${b.body.orderId}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', decidedBy: null });
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 237, available: 763 });
    expect(await stockOf(item.itemId)).toBe(2);

    const due = new Date(Date.parse(c.body.expiresAt));
    expect(Date.parse(c.body.expiresAt) - Date.parse(c.body.createdAt)).toBe(14 * 24 * 3600 * 1000);
    expect(await expireOrders(t.db, new Date(due.getTime() - 1000))).toEqual({ expired: 0, failed: [] });
    // Two processes at once: it expires once.
    const passes = await Promise.all([expireOrders(t.db, due), expireOrders(t.db, due)]);
    expect(passes.map((p) => p.expired).sort()).toEqual([0, 1]);
    expect(await account(bank.checking.accountNumber)).toEqual(before);
    expect(await stockOf(item.itemId)).toBe(3);
    const mine = await get(bank.tokens.student, `/user/orders/${bank.student.username}`);
    expect(mine.body.map((o: any) => o.status)).toEqual(['expired', 'cancelled', 'refunded']);
    const audit = await get(bank.tokens.admin, '/admin/audit');
    expect(
      audit.body
        .map((r: any) => r.action)
        .filter((x: string) => x.startsWith('order.'))
        .sort(),
    ).toEqual(['order.cancel', 'order.expire', 'order.refund']);
  });

  it('an unlimited item stays unlimited after a refund, a cancel and an expiry', async () => {
    const item = await makeItem({ price: 1 });
    expect(item.stock).toBeNull();
    const [a, b, c] = [await order(item.itemId), await order(item.itemId), await order(item.itemId)];
    await post(teacher, `/teller/orders/${a.body.orderId}/refund`, { reason: 'Out of passes' });
    await post(bank.tokens.student, `/user/orders/${b.body.orderId}/cancel`);
    await expireOrders(t.db, new Date(Date.parse(c.body.expiresAt)));
    expect(await stockOf(item.itemId)).toBeNull();
    const listed = await get(bank.tokens.student, `/user/items/${bank.bankId}`);
    expect(listed.body.find((i: any) => i.itemId === item.itemId).stock).toBeNull();
  });

  it('deciding twice is a 409 that says what became of it, and changes nothing', async () => {
    const item = await makeItem({ stock: 5 });
    const placed = await order(item.itemId);
    const id = placed.body.orderId;
    expect((await post(teacher, `/teller/orders/${id}/fulfil`)).status).toBe(200);
    const after = await account(bank.checking.accountNumber);
    for (const again of [
      await post(teacher, `/teller/orders/${id}/fulfil`),
      await post(bank.tokens.admin, `/teller/orders/${id}/refund`, { reason: 'Twice' }),
      await post(bank.tokens.student, `/user/orders/${id}/cancel`),
    ]) {
      expect([again.status, again.body.message]).toEqual([409, storeText.orderNoLongerWaiting('fulfilled')]);
    }
    const refundedFirst = await order(item.itemId);
    await post(teacher, `/teller/orders/${refundedFirst.body.orderId}/refund`, { reason: 'No' });
    const late = await post(teacher, `/teller/orders/${refundedFirst.body.orderId}/fulfil`);
    expect([late.status, late.body.message]).toEqual([409, storeText.orderNoLongerWaiting('refunded')]);
    expect(await account(bank.checking.accountNumber)).toEqual(after);
    expect(await stockOf(item.itemId)).toBe(4);
  });
});

describe('the books and the jobs runner', () => {
  it('the books check counts what orders hold: a hold that belongs to no waiting order is found', async () => {
    const item = await makeItem({ stock: 5 });
    const placed = await order(item.itemId);
    expect(await verifyLedger(t.db)).toEqual([]);
    await t.db.execute(sql`update store_orders set status = 'cancelled' where id = ${placed.body.orderId}`);
    expect(await verifyLedger(t.db)).toEqual([
      `account ${bank.checking.accountNumber}: holds 300, waiting withdrawals, orders and high bids 0`,
    ]);
    await t.db.execute(sql`update store_orders set status = 'waiting' where id = ${placed.body.orderId}`);
  });

  it('an order that cannot expire is recorded and left waiting; the others expire', async () => {
    const item = await makeItem({ stock: 5 });
    const mate = await insertClassmate(t.db, bank, 'store-broken');
    await openWith(t.db, mate.checking, 500);
    const broken = await order(item.itemId, mate.checking, await createSession(t.db, mate.id, 3600));
    const fine = await order(item.itemId);
    // Its account no longer shows the hold (as a bug might leave it): releasing it would go below zero.
    await t.db.execute(sql`update accounts set held_cents = 0 where account_number = ${mate.checking}`);
    const later = new Date(Date.parse(fine.body.expiresAt) + 1000);
    const pass = await expireOrders(t.db, later);
    expect(pass.expired).toBe(1);
    expect(pass.failed.map((f) => [f.job, f.item])).toEqual([['order-expiry', String(broken.body.orderId)]]);
    expect(await expireOrders(t.db, later)).toEqual({ expired: 0, failed: [] });
    const statuses = await queryRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from store_orders order by id`,
    );
    expect(statuses.map((o) => o.status)).toEqual(['waiting', 'expired']);
    expect(await account(bank.checking.accountNumber)).toEqual({ balance: 1000, held: 0, available: 1000 });
    await t.db.execute(sql`update accounts set held_cents = 300 where account_number = ${mate.checking}`);
  });

  it('a branch with store items stays (it is in use), as one with students does', async () => {
    const [spare] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into branches (bank_id, name) values (${bank.bankId}, 'store Spare') returning id`,
    );
    await makeItem({ name: 'Spare pass', branchId: spare!.id }, bank.tokens.admin);
    const refused = await call(t.app, 'DELETE', `/admin/branches/${spare!.id}/delete`, {
      token: bank.tokens.admin,
    });
    expect([refused.status, refused.body.reason]).toEqual([409, 'BRANCH_IN_USE']);
  });
});

describe('who runs the store', () => {
  it("a teacher sells to their own class; another class's teacher is a 403, one without a class too", async () => {
    const item = await makeItem({ stock: 5 });
    expect(item.branchId).toBe(bank.main.id);
    const placed = await order(item.itemId);
    const [northTeacher, classless] = await Promise.all(
      [bank.north.id, null].map(async (branchId, i) => {
        const [row] = await t.db
          .insert(users)
          .values({
            username: `store-teacher-${i}`,
            name: 'Other Teacher',
            role: 'TELLER',
            bankId: bank.bankId,
            branchId,
            passwordHash: 'x',
            mustChangePassword: false,
          })
          .returning();
        return createSession(t.db, row!.id, 3600);
      }),
    );
    for (const [token, reason] of [
      [northTeacher!, 'NOT_YOUR_CLASS'],
      [classless!, 'NO_CLASS'],
    ] as const) {
      const fulfil = await post(token, `/teller/orders/${placed.body.orderId}/fulfil`);
      const refund = await post(token, `/teller/orders/${placed.body.orderId}/refund`, { reason: 'No' });
      const edit = await call(t.app, 'PUT', `/teller/items/${item.itemId}`, { token, body: { price: 1 } });
      const remove = await call(t.app, 'DELETE', `/teller/items/${item.itemId}`, { token });
      expect([fulfil, refund, edit, remove].map((r) => [r.status, r.body.reason])).toEqual(
        Array.from({ length: 4 }, () => [403, reason]),
      );
    }
    // A teacher may not sell to another class or to the whole bank; an admin may.
    const elsewhere = await post(teacher, '/teller/items', { name: 'X', price: 1, branchId: bank.north.id });
    const whole = await post(teacher, '/teller/items', { name: 'X', price: 1, branchId: null });
    expect([elsewhere.status, elsewhere.body.reason, whole.status, whole.body.message]).toEqual([
      403,
      'NOT_YOUR_CLASS',
      403,
      storeText.wholeBankAdminOnly,
    ]);
    expect((await makeItem({ name: 'For all' }, bank.tokens.admin)).branchId).toBeNull();
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 300 });
    expect((await post(bank.tokens.admin, `/teller/orders/${placed.body.orderId}/fulfil`)).status).toBe(200);
  });

  it("another bank's items and orders are 404 to its staff and Students; a Student never decides", async () => {
    const { two } = await seedTwoBanks(t.db);
    const item = await makeItem({ stock: 5 });
    const placed = await order(item.itemId);
    const id = placed.body.orderId;
    const refusals = [
      await post(two.tokens.admin, `/teller/orders/${id}/fulfil`),
      await post(two.tokens.admin, `/teller/orders/${id}/refund`, { reason: 'No' }),
      await call(t.app, 'PUT', `/teller/items/${item.itemId}`, {
        token: two.tokens.admin,
        body: { price: 1 },
      }),
      await call(t.app, 'DELETE', `/teller/items/${item.itemId}`, { token: two.tokens.admin }),
      await get(two.tokens.admin, `/teller/orders/${bank.bankId}`),
      await get(two.tokens.admin, `/user/items/${bank.bankId}`),
      await get(two.tokens.admin, `/user/orders/${bank.student.username}`),
      await post(two.tokens.student, '/user/orders', {
        itemId: item.itemId,
        accountId: two.checking.accountNumber,
      }),
      await post(two.tokens.student, `/user/orders/${id}/cancel`),
      await post(bank.tokens.otherStudent, `/user/orders/${id}/cancel`),
      await post(bank.tokens.student, '/user/orders', {
        itemId: item.itemId,
        accountId: bank.otherChecking.accountNumber,
      }),
    ];
    expect(refusals.map((r) => r.status)).toEqual(Array.from({ length: refusals.length }, () => 404));
    const studentDecides = await post(bank.tokens.student, `/teller/orders/${id}/fulfil`);
    const staffOrders = await post(bank.tokens.admin, '/user/orders', {
      itemId: item.itemId,
      accountId: bank.checking.accountNumber,
    });
    expect([studentDecides.status, staffOrders.status]).toEqual([403, 403]);
    expect(await account(bank.checking.accountNumber)).toMatchObject({ held: 300 });
  });

  it("a Student sees the active items of their class and the whole bank's, and may order only those; staff see every item", async () => {
    const own = await makeItem({ name: 'Own class' });
    const hidden = await makeItem({ name: 'Paused', active: false });
    const north = await makeItem({ name: 'North class', branchId: bank.north.id }, bank.tokens.admin);
    const all = await makeItem({ name: 'Whole bank' }, bank.tokens.admin);
    const gone = await makeItem({ name: 'Gone' });
    expect((await call(t.app, 'DELETE', `/teller/items/${gone.itemId}`, { token: teacher })).status).toBe(
      204,
    );
    const seen = await get(bank.tokens.student, `/user/items/${bank.bankId}`);
    expect(seen.body.map((i: any) => i.name)).toEqual(['Own class', 'Whole bank']);
    const staff = await get(teacher, `/user/items/${bank.bankId}`);
    expect(staff.body.map((i: any) => i.name)).toEqual(['North class', 'Own class', 'Paused', 'Whole bank']);
    for (const itemId of [hidden.itemId, north.itemId, gone.itemId, 999_999])
      expect((await order(itemId)).status).toBe(404);
    expect((await order(own.itemId)).status).toBe(201);
    expect((await order(all.itemId)).status).toBe(201);
  });

  it("the teacher's queue: waiting oldest first, then the decided newest first, paged, with the count", async () => {
    const item = await makeItem({ price: 1 });
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await order(item.itemId)).body.orderId);
    await post(teacher, `/teller/orders/${ids[1]}/fulfil`);
    await post(teacher, `/teller/orders/${ids[2]}/refund`, { reason: 'No' });
    const first = await get(teacher, `/teller/orders/${bank.bankId}?limit=3`);
    expect(first.body.map((o: any) => o.orderId)).toEqual([ids[0], ids[3], ids[2]]);
    expect(first.headers['x-total-count']).toBe('4');
    const next = await get(
      teacher,
      `/teller/orders/${bank.bankId}?limit=3&cursor=${first.headers['x-next-cursor']}`,
    );
    expect(next.body.map((o: any) => o.orderId)).toEqual([ids[1]]);
    const waiting = await get(teacher, `/teller/orders/${bank.bankId}?status=waiting`);
    expect([waiting.body.length, waiting.headers['x-total-count']]).toEqual([2, '2']);
  });
});
