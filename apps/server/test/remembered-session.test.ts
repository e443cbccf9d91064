import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { accounts, auctions, sessions, storeItems, users } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import { call, useTestApp } from './harness.js';
import { insertStudentSavings, openWith, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * A transfer does not look its session up when the server remembers it (issue 22): the
 * statement that writes the transfer checks the session instead. Whatever happened to the
 * session since the server remembered it takes effect at once: a transfer after it is answered
 * as if the session had been looked up, and moves nothing it should not.
 */

const t = useTestApp();
let one: SeededBank;
let savings: string;

beforeEach(async () => {
  ({ one } = await seedTwoBanks(t.db));
  savings = await insertStudentSavings(t.db, one);
  // 10.00 on checking, nothing elsewhere.
  await openWith(t.db, one.checking.accountNumber, 1000);
});

const transfer = (token: string, key?: string, amount = 1) =>
  call(t.app, 'POST', '/user/transfers', {
    token,
    body: { fromAccountId: one.checking.accountNumber, toAccountId: savings, amount },
    headers: key ? { 'idempotency-key': key } : {},
  });

const balances = async () =>
  Promise.all(
    [one.checking.accountNumber, savings].map(
      async (n) => (await t.db.select().from(accounts).where(eq(accounts.accountNumber, n)))[0]!.balanceCents,
    ),
  );

/** A transfer answered 201: the server now remembers the token's session. */
async function remembered(token: string) {
  expect((await transfer(token)).status).toBe(201);
}

describe('a transfer with a session the server remembers', () => {
  it('is refused after the session signed out, moves nothing, and leaves its key unused', async () => {
    await remembered(one.tokens.student);
    expect((await call(t.app, 'POST', '/logout', { token: one.tokens.student })).status).toBe(204);
    const after = await transfer(one.tokens.student, 'after-logout');
    expect(after.status).toBe(401);
    expect(await balances()).toEqual([900, 100]);
    // The key was not claimed: signed in again, the same key moves the money once.
    const again = await createSession(t.db, one.student.id, 3600);
    expect((await transfer(again, 'after-logout')).status).toBe(201);
    expect((await transfer(again, 'after-logout')).status).toBe(201);
    expect(await balances()).toEqual([800, 200]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('is refused when an admin resets the password, deletes the user, or the session expires', async () => {
    await remembered(one.tokens.student);
    const reset = await call(t.app, 'POST', `/admin/users/${one.student.username}/resetPassword`, {
      token: one.tokens.admin,
    });
    expect(reset.status).toBe(200);
    expect((await transfer(one.tokens.student)).status).toBe(401);

    const second = await createSession(t.db, one.student.id, 3600);
    await t.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, one.student.id));
    await remembered(second);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, one.student.id));
    expect((await transfer(second)).status).toBe(401);

    const third = await createSession(t.db, one.student.id, 3600);
    await remembered(third);
    await t.db
      .update(users)
      .set({ deletedAt: sql`now()` })
      .where(eq(users.id, one.student.id));
    expect((await transfer(third)).status).toBe(401);
    expect(await balances()).toEqual([700, 300]);
  });

  it('follows the rules of the user as they are now, not as remembered', async () => {
    // Remembered as an admin, who may move any money of the bank...
    await remembered(one.tokens.admin);
    // ...then made a Student of a branch: a Student moves only their own money.
    await t.db.update(users).set({ role: 'USER', branchId: one.main.id }).where(eq(users.id, one.admin.id));
    const asStudent = await transfer(one.tokens.admin);
    expect(asStudent.status).toBe(404);
    expect(await balances()).toEqual([900, 100]);
    // And a teller without the bank's transfer permission is refused as such, not as remembered.
    await remembered(one.tokens.teller);
    await t.db.execute(sql`update banks set teller_transfer_permission = false where id = ${one.bankId}`);
    expect((await transfer(one.tokens.teller)).status).toBe(403);
    expect(await balances()).toEqual([800, 200]);
  });

  it('is answered by a student who must now choose a password first, as the rules say', async () => {
    await remembered(one.tokens.student);
    await t.db.update(users).set({ mustChangePassword: true }).where(eq(users.id, one.student.id));
    const refused = await transfer(one.tokens.student);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ reason: 'PASSWORD_CHANGE_REQUIRED' });
    expect(await balances()).toEqual([900, 100]);
  });
});

describe('an order and a bid with a session the server remembers', () => {
  /** An item and an auction for the Student's class, written straight to the database. */
  async function forTheClass() {
    const [item] = await t.db
      .insert(storeItems)
      .values({ bankId: one.bankId, branchId: one.main.id, name: 'Homework pass', priceCents: 100 })
      .returning({ id: storeItems.id });
    const [auction] = await t.db
      .insert(auctions)
      .values({
        bankId: one.bankId,
        branchId: one.main.id,
        name: 'Class pet for a day',
        startingBidCents: 100,
        minIncrementCents: 10,
        endsAt: new Date(Date.now() + 3600_000),
        createdBy: one.teller.id,
      })
      .returning({ id: auctions.id });
    return { itemId: item!.id, auctionId: auction!.id };
  }
  const order = (token: string, itemId: number) =>
    call(t.app, 'POST', '/user/orders', {
      token,
      body: { itemId, accountId: one.checking.accountNumber },
      headers: { 'idempotency-key': `order-${Math.random()}` },
    });
  const bid = (token: string, auctionId: number, amount: number) =>
    call(t.app, 'POST', `/user/auctions/${auctionId}/bids`, {
      token,
      body: { accountId: one.checking.accountNumber, amount },
    });
  const held = async () =>
    (await t.db.select().from(accounts).where(eq(accounts.accountNumber, one.checking.accountNumber)))[0]!
      .heldCents;

  it('is refused after the session signed out, holding nothing', async () => {
    const { itemId, auctionId } = await forTheClass();
    expect((await order(one.tokens.student, itemId)).status).toBe(201);
    expect((await bid(one.tokens.student, auctionId, 1)).status).toBe(201);
    expect((await call(t.app, 'POST', '/logout', { token: one.tokens.student })).status).toBe(204);
    expect((await order(one.tokens.student, itemId)).status).toBe(401);
    expect((await bid(one.tokens.student, auctionId, 2)).status).toBe(401);
    expect(await held()).toBe(200);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it("follows the Student to another class at once: the old class's item and auction are 404s", async () => {
    const { itemId, auctionId } = await forTheClass();
    expect((await order(one.tokens.student, itemId)).status).toBe(201);
    expect((await bid(one.tokens.student, auctionId, 1)).status).toBe(201);
    await t.db.update(users).set({ branchId: one.north.id }).where(eq(users.id, one.student.id));
    expect((await order(one.tokens.student, itemId)).status).toBe(404);
    expect((await bid(one.tokens.student, auctionId, 2)).status).toBe(404);
    expect(await held()).toBe(200);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});
