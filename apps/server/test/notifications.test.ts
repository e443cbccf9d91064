import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { get as httpGet, type IncomingMessage } from 'node:http';
import { notificationMessages, type Notification, type NotificationsAnswer } from '@bank/shared';
import { openDatabase, queryRows } from '../src/db/client.js';
import { notifications } from '../src/db/schema.js';
import { createSession } from '../src/domain/auth/sessions.js';
import {
  call,
  createScratchDatabase,
  databaseKind,
  startAppOn,
  testDatabaseUrl,
  useTestApp,
} from './harness.js';
import { insertClassmate, openWith, seedBank, type SeededBank } from './fixtures.js';

/**
 * Issue 35, notifications (API.md "Families and notifications"), through HTTP on both databases:
 * a Student is told of money someone else moved on their account, in the same transaction (money
 * that did not move tells nobody); nobody reads another's notices; read marks only one's own; the
 * stream sends a notice as it is committed, and on PostgreSQL from another server process too.
 */

const t = useTestApp();
let bank: SeededBank;

const post = (token: string, url: string, body?: unknown) => call(t.app, 'POST', url, { token, body });
const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const deposit = (app: FastifyInstance, token: string, accountId: string, amount: number) =>
  call(app, 'POST', '/teller/deposits', { token, body: { accountId, amount } });

async function noticesOf(
  token: string,
  query = '',
): Promise<{ body: NotificationsAnswer; headers: Record<string, unknown> }> {
  const answer = await get(token, `/user/notifications${query}`);
  expect(answer.status).toBe(200);
  return { body: answer.body as NotificationsAnswer, headers: answer.headers };
}

beforeEach(async () => {
  bank = await seedBank(t.db, 'notice');
});

describe('a Student is told of money someone else moved', () => {
  it('a teller deposit: one "paid" notice, in words, leading to the account', async () => {
    expect((await deposit(t.app, bank.tokens.teller, bank.checking.accountNumber, 12.5)).status).toBe(201);
    const { body } = await noticesOf(bank.tokens.student);
    expect(body.unread).toBe(1);
    expect(body.items).toEqual([
      expect.objectContaining({
        kind: 'paid',
        text: '$12.50 arrived in your account: Teller Deposit.',
        link: `/account/${bank.checking.accountNumber}`,
        readAt: null,
      }),
    ]);
    // The teller who moved it, and the other Student, are told nothing.
    expect((await noticesOf(bank.tokens.teller)).body).toEqual({ items: [], unread: 0 });
    expect((await noticesOf(bank.tokens.otherStudent)).body).toEqual({ items: [], unread: 0 });
  });

  it('a withdrawal says "charged"; a transfer between one\'s own accounts tells nobody', async () => {
    const mate = await insertClassmate(t.db, bank, 'notice-mate');
    const mateToken = await createSession(t.db, mate.id, 3600);
    await openWith(t.db, mate.checking, 1000);
    await openWith(t.db, bank.checking.accountNumber, 5000);
    // The fixture's opening deposits told their owners; only what follows counts here.
    await t.db.delete(notifications);
    const withdrawn = await post(bank.tokens.teller, '/teller/withdrawals', {
      accountId: bank.checking.accountNumber,
      amount: 3,
    });
    expect(withdrawn.status).toBe(201);
    const own = await post(mateToken, '/user/transfers', {
      fromAccountId: mate.checking,
      toAccountId: mate.savings,
      amount: 2,
    });
    expect(own.status).toBe(201);
    expect((await noticesOf(mateToken)).body.items).toEqual([]);
    const { body } = await noticesOf(bank.tokens.student);
    expect(body.items.map((n) => [n.kind, n.text])).toEqual([
      ['charged', '$3.00 was taken from your account: Teller Withdrawal.'],
    ]);
  });

  it('money that did not move tells nobody: a refused withdrawal leaves no notice', async () => {
    const refused = await post(bank.tokens.teller, '/teller/withdrawals', {
      accountId: bank.checking.accountNumber,
      amount: 3,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(await t.db.select().from(notifications)).toEqual([]);
  });
});

describe('an auction', () => {
  it("tells the Student outbid, with what their bid held; raising one's own bid tells nobody", async () => {
    await t.db.execute(sql`update users set branch_id = ${bank.main.id} where id = ${bank.teller.id}`);
    const mate = await insertClassmate(t.db, bank, 'notice-bidder');
    const mateToken = await createSession(t.db, mate.id, 3600);
    await openWith(t.db, mate.checking, 1000);
    await openWith(t.db, bank.checking.accountNumber, 1000);
    await t.db.delete(notifications);
    const made = await post(bank.tokens.teller, '/teller/auctions', {
      name: 'Class pet for a day',
      startingBid: 2,
      endsAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect(made.status).toBe(201);
    const bids = `/user/auctions/${made.body.auctionId}/bids`;
    expect(
      (await post(bank.tokens.student, bids, { accountId: bank.checking.accountNumber, amount: 2 })).status,
    ).toBe(201);
    expect(
      (await post(bank.tokens.student, bids, { accountId: bank.checking.accountNumber, amount: 3 })).status,
    ).toBe(201);
    expect((await noticesOf(bank.tokens.student)).body.items).toEqual([]);
    expect((await post(mateToken, bids, { accountId: mate.checking, amount: 4.5 })).status).toBe(201);
    // A bid refused (too low) tells nobody.
    expect(
      (await post(bank.tokens.student, bids, { accountId: bank.checking.accountNumber, amount: 4.5 })).status,
    ).toBe(409);
    const { body } = await noticesOf(bank.tokens.student);
    expect(body.items.map((n) => [n.kind, n.text, n.link])).toEqual([
      [
        'outbid',
        'You were outbid on Class pet for a day: the $3.00 you bid is yours to spend again.',
        `/${bank.bankId}/auctions`,
      ],
    ]);
    expect((await noticesOf(mateToken)).body.items).toEqual([]);
  });
});

describe('reading and marking read', () => {
  beforeEach(async () => {
    for (const amount of [1, 2, 3])
      await deposit(t.app, bank.tokens.teller, bank.checking.accountNumber, amount);
    await deposit(t.app, bank.tokens.teller, bank.otherChecking.accountNumber, 9);
  });

  it('pages newest first with X-Next-Cursor, and unread=true lists the unread only', async () => {
    const first = await noticesOf(bank.tokens.student, '?limit=2');
    expect(first.body.items.map((n) => n.text)).toEqual([
      '$3.00 arrived in your account: Teller Deposit.',
      '$2.00 arrived in your account: Teller Deposit.',
    ]);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(cursor).toBe(String(first.body.items[1]!.id));
    const rest = await noticesOf(bank.tokens.student, `?limit=2&cursor=${cursor}`);
    expect(rest.body.items.map((n) => n.text)).toEqual(['$1.00 arrived in your account: Teller Deposit.']);
    expect(rest.headers['x-next-cursor']).toBeUndefined();

    const read = await post(bank.tokens.student, '/user/notifications/read', {
      ids: [first.body.items[0]!.id],
    });
    expect(read.body).toEqual({ unread: 2 });
    const unread = await noticesOf(bank.tokens.student, '?unread=true');
    expect(unread.body.items.map((n) => n.text)).toEqual([
      '$2.00 arrived in your account: Teller Deposit.',
      '$1.00 arrived in your account: Teller Deposit.',
    ]);
  });

  it("ids of another person's notices change nothing; all marks only one's own", async () => {
    const theirs = (await noticesOf(bank.tokens.otherStudent)).body.items[0]!;
    const tried = await post(bank.tokens.student, '/user/notifications/read', { ids: [theirs.id] });
    expect(tried.body).toEqual({ unread: 3 });
    expect((await noticesOf(bank.tokens.otherStudent)).body.unread).toBe(1);
    expect((await post(bank.tokens.student, '/user/notifications/read', { all: true })).body).toEqual({
      unread: 0,
    });
    const after = await noticesOf(bank.tokens.student);
    expect(after.body.items.every((n) => n.readAt !== null)).toBe(true);
    expect((await noticesOf(bank.tokens.otherStudent)).body.unread).toBe(1);
  });

  it('bad input is refused with its message and changes nothing', async () => {
    for (const body of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { ids: [1], all: true }]) {
      const answer = await post(bank.tokens.student, '/user/notifications/read', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.message, JSON.stringify(body)).toBe(notificationMessages.readWhich);
    }
    expect((await get(bank.tokens.student, '/user/notifications?cursor=abc')).status).toBe(400);
    expect((await get(bank.tokens.student, '/user/notifications?limit=101')).status).toBe(400);
    expect((await noticesOf(bank.tokens.student)).body.unread).toBe(3);
  });
});

/** Opens a notification stream on a connection of its own (no pool keeps one behind). */
function openStream(base: string, token: string | null): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
    httpGet(`${base}/api/user/notifications/stream`, { headers, agent: false }, resolve).on('error', reject);
  });
}

/** Reads a notification stream until `want` notices came, or `ms` passed; `started` runs once it is open. */
async function streamed(base: string, token: string, want: number, ms: number, started: () => Promise<void>) {
  const answer = await openStream(base, token);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/event-stream/);
  const got: Notification[] = [];
  let text = '';
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    let kicked = false;
    answer.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (!kicked && text.includes(': open')) {
        kicked = true;
        void started();
      }
      for (const match of text.matchAll(/event: notification\ndata: (.*)\n\n/g))
        got.push(JSON.parse(match[1]!));
      text = text.slice(text.lastIndexOf('\n\n') + 2);
      if (got.length >= want) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  answer.destroy();
  return got;
}

describe('the stream', () => {
  let base: string | undefined;
  beforeEach(async () => {
    // The app listens once for the file; closing it (after the file) ends the streams first.
    base ??= await t.app.listen({ host: '127.0.0.1', port: 0 });
  });

  it('sends a notice as its deposit commits, to its reader only', async () => {
    const [mine, theirs] = await Promise.all([
      streamed(base!, bank.tokens.student, 1, 5000, async () => {
        await deposit(t.app, bank.tokens.teller, bank.otherChecking.accountNumber, 4);
        await deposit(t.app, bank.tokens.teller, bank.checking.accountNumber, 7.25);
      }),
      streamed(base!, bank.tokens.teller, 1, 1500, async () => {}),
    ]);
    expect(mine.map((n) => n.text)).toEqual(['$7.25 arrived in your account: Teller Deposit.']);
    expect(theirs).toEqual([]);
  });

  it('no token is 401, and a sixth stream of one person is 429', async () => {
    const anonymous = await openStream(base!, null);
    expect(anonymous.statusCode).toBe(401);
    anonymous.destroy();
    const open = await Promise.all(Array.from({ length: 5 }, () => openStream(base!, bank.tokens.student)));
    expect(open.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await openStream(base!, bank.tokens.student);
    expect(sixth.statusCode).toBe(429);
    sixth.destroy();
    for (const one of open) one.destroy();
  });
});

describe.skipIf(databaseKind === 'pglite')('between server processes (PostgreSQL LISTEN/NOTIFY)', () => {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const one of opened.splice(0).reverse()) await one.close();
  });

  it('a deposit through server A reaches a stream held on server B (API.md: within 2 s; bench, not here)', async () => {
    const scratch = await createScratchDatabase(testDatabaseUrl!, { template: inject('postgresTemplate') });
    opened.push({ close: () => scratch.drop() });
    const setup = await openDatabase({ databaseUrl: scratch.url });
    const seeded = await seedBank(setup.db, 'twoservers');
    await setup.close();
    const a = await startAppOn({ databaseUrl: scratch.url });
    opened.push(a);
    const b = await startAppOn({ databaseUrl: scratch.url });
    opened.push(b);
    const baseB = await b.app.listen({ host: '127.0.0.1', port: 0 });
    const sentAt = { ms: 0 };
    const got = await streamed(baseB, seeded.tokens.student, 1, 5000, async () => {
      sentAt.ms = Date.now();
      expect((await deposit(a.app, seeded.tokens.teller, seeded.checking.accountNumber, 5)).status).toBe(201);
    });
    expect(got.map((n) => n.text)).toEqual(['$5.00 arrived in your account: Teller Deposit.']);
    const [row] = await queryRows<{ n: number }>(a.db, sql`select count(*)::int as n from notifications`);
    expect(row!.n).toBe(1);
    expect(await a.db.select().from(notifications).where(eq(notifications.kind, 'paid'))).toHaveLength(1);
  });
});
