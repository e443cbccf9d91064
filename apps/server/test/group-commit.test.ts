import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { pgErrorCode } from '../src/db/pg-error.js';
import { accounts } from '../src/db/schema.js';
import { verifyLedger } from '../src/domain/ledger/index.js';
import {
  runGroup,
  transferGroupCounts,
  type GroupAnswer,
  type Submitted,
} from '../src/domain/ledger/transfer.js';
import { createSession } from '../src/domain/auth/sessions.js';
import { call, databaseKind, otherConnection, useTestApp } from './harness.js';
import { insertAccount, insertStudentSavings, openWith, seedTwoBanks, type SeededBank } from './fixtures.js';

/**
 * Group commit (issue 22): transfers that arrive together are written by one statement and one
 * commit, and each keeps every promise a transfer makes on its own: its own answer, its own
 * Idempotency-Key record, its own refusal, the lock order, the books.
 */

const t = useTestApp();
let one: SeededBank;
let two: SeededBank;
let savings: string;
let third: string;

beforeEach(async () => {
  ({ one, two } = await seedTwoBanks(t.db));
  savings = await insertStudentSavings(t.db, one);
  third = (
    await insertAccount(t.db, { userId: one.otherStudent.id, bankId: one.bankId, branchId: one.north.id })
  ).accountNumber;
  // 10.00 on checking, nothing elsewhere.
  await openWith(t.db, one.checking.accountNumber, 1000);
});

/** A request's answer in short: its status, its refusal's code, or 'failed'. */
const outcome = (answer: GroupAnswer) =>
  'error' in answer ? answer.error : 'failed' in answer ? 'failed' : answer.status;

const balance = async (n: string) =>
  (await t.db.select().from(accounts).where(eq(accounts.accountNumber, n)))[0]!.balanceCents;

function submitted(
  from: string,
  to: string,
  amountCents: number,
  options: {
    key?: string;
    hash?: string;
    actor?: SeededBank['admin'];
    role?: string;
    bankId?: number;
    sessionId?: number;
    memo?: string;
  } = {},
): Submitted {
  const actor = options.actor ?? one.admin;
  return {
    clock: { now: new Date(), postingDelaySeconds: 86_400 },
    request: {
      userId: actor.id,
      role: options.role ?? actor.role,
      bankId: options.bankId ?? actor.bankId,
      permitted: true,
      from,
      to,
      amountCents,
      transferId: randomUUID(),
      memo: options.memo ?? null,
      key: options.key ?? null,
      requestHash: options.key ? (options.hash ?? `hash-${options.key}`) : null,
      sessionId: options.sessionId ?? null,
    },
  };
}

describe('one group, every promise of a single transfer', () => {
  it('answers each on its own: a refusal, a repeated key, and transfers that build on each other', async () => {
    const answers = await runGroup(t.db, [
      // 1. checking → savings 6.00: fine.
      submitted(one.checking.accountNumber, savings, 600, { key: 'k1' }),
      // 2. checking → third 6.00: only 4.00 left after 1, so refused, and refused alone.
      submitted(one.checking.accountNumber, third, 600, { key: 'k2' }),
      // 3. savings → third 5.00: savings only has money because of 1, in this same group.
      submitted(savings, third, 500, { key: 'k3' }),
      // 4. the same key and body as 1: the first answer again, nothing moved.
      submitted(one.checking.accountNumber, savings, 600, { key: 'k1' }),
      // 5. the same key as 3 with another body: 409.
      submitted(savings, third, 1, { key: 'k3', hash: 'another body' }),
      // 6. another bank's account: 404, nothing said about it.
      submitted(one.checking.accountNumber, two.checking.accountNumber, 100),
    ]);
    expect(answers.map(outcome)).toEqual([201, 'BK409', 201, 201, 'BK422', 'BK404']);
    const [first, , third_, repeat] = answers as any[];
    expect(repeat).toEqual({ ...first, replayed: true });
    expect(first.body.debit).toMatchObject({
      accountId: one.checking.accountNumber,
      type: 'debit',
      amount: 6,
    });
    expect(third_.body.credit).toMatchObject({ accountId: third, type: 'credit', amount: 5 });
    expect([await balance(one.checking.accountNumber), await balance(savings), await balance(third)]).toEqual(
      [400, 100, 500],
    );
    // Keys: the successes keep their answers; the refused one's key is free again.
    const keys = await queryRows<{ key: string; response_status: number }>(
      t.db,
      sql`select key, response_status from idempotency_keys order by key`,
    );
    expect(keys).toEqual([
      { key: 'k1', response_status: 201 },
      { key: 'k3', response_status: 201 },
    ]);
    expect(await verifyLedger(t.db)).toEqual([]);
    // The repeat of a committed key in a later group replays too, with the same answer.
    const [again] = await runGroup(t.db, [
      submitted(one.checking.accountNumber, savings, 600, { key: 'k1' }),
    ]);
    expect(again).toEqual({ ...first, replayed: true });
    // The refused key may be used again, and now succeeds (savings → checking first).
    await runGroup(t.db, [submitted(savings, one.checking.accountNumber, 100)]);
    const [retried] = await runGroup(t.db, [
      submitted(one.checking.accountNumber, third, 500, { key: 'k2' }),
    ]);
    expect('error' in retried!).toBe(false);
  });

  it('answers a repeat of a refused request with its refusal, and frees the key', async () => {
    const answers = await runGroup(t.db, [
      submitted(one.checking.accountNumber, savings, 5000, { key: 'big' }),
      submitted(one.checking.accountNumber, savings, 5000, { key: 'big' }),
      submitted(one.checking.accountNumber, savings, 5000, { key: 'big', hash: 'another body' }),
      submitted(savings, one.checking.accountNumber, 100, { key: 'empty' }),
    ]);
    expect(answers).toEqual([{ error: 'BK409' }, { error: 'BK409' }, { error: 'BK422' }, { error: 'BK409' }]);
    expect(await queryRows(t.db, sql`select key from idempotency_keys`)).toEqual([]);
    expect([await balance(one.checking.accountNumber), await balance(savings)]).toEqual([1000, 0]);
  });

  it('keeps a Student to their own accounts and a refused permission refused, in the group', async () => {
    const studentOwn = submitted(one.checking.accountNumber, savings, 100, { actor: one.student });
    const studentOther = submitted(one.checking.accountNumber, third, 100, { actor: one.student });
    const notPermitted = submitted(one.checking.accountNumber, savings, 100, { actor: one.teller });
    notPermitted.request.permitted = false;
    const answers = await runGroup(t.db, [studentOwn, studentOther, notPermitted]);
    expect(answers.map(outcome)).toEqual([201, 'BK404', 'BK403']);
    expect(await balance(one.checking.accountNumber)).toBe(900);
  });
});

describe('through HTTP, many transfers at once', () => {
  it('groups what arrives together and answers each as if it were alone', async () => {
    const send = (from: string, to: string, amount: number, key: string) =>
      call(t.app, 'POST', '/user/transfers', {
        token: one.tokens.admin,
        body: { fromAccountId: from, toAccountId: to, amount },
        headers: { 'idempotency-key': key },
      });
    // 40 transfers of 1.00 back and forth among three accounts, and 5 that cannot be paid.
    const before = transferGroupCounts(t.db);
    const accounts3 = [one.checking.accountNumber, savings, third];
    const results = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => send(accounts3[i % 3]!, accounts3[(i + 1) % 3]!, 1, `t-${i}`)),
      ...Array.from({ length: 5 }, (_, i) => send(third, savings, 1000, `big-${i}`)),
    ]);
    const statuses = results.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses.slice(40)).toEqual([409, 409, 409, 409, 409]);
    // On PostgreSQL some were written together: fewer groups than transfers. (The embedded
    // database runs each statement on this thread, to its end: nothing overlaps it for a group to
    // gather.)
    const after = transferGroupCounts(t.db);
    if (databaseKind === 'postgres')
      expect(after.groups - before.groups).toBeLessThan(after.items - before.items);
    const total =
      (await balance(one.checking.accountNumber)) + (await balance(savings)) + (await balance(third));
    expect(total).toBe(1000);
    expect(await verifyLedger(t.db)).toEqual([]);
    // Every success is replayed by its key with the same answer.
    const replay = await send(accounts3[0]!, accounts3[1]!, 1, 't-0');
    expect(replay.body).toEqual(results[0]!.body);
  });
});

describe.skipIf(databaseKind === 'pglite')('a key stored elsewhere while the group runs (PostgreSQL)', () => {
  it('runs the group again and answers that request from the stored key, moving nothing', async () => {
    const other = await otherConnection(t.db);
    try {
      // Another path (another server, or a deposit with the same key) stores the key and has not
      // committed yet: the group does not see it, moves the money, and waits at its key's write.
      await other.query('begin');
      await other.query(
        `insert into idempotency_keys (user_id, key, request_hash, response_status, response_body)
         values ($1, 'race', 'hash-race', 201, '{"stored": true}')`,
        [one.admin.id],
      );
      const group = runGroup(t.db, [
        submitted(one.checking.accountNumber, savings, 600, { key: 'race' }),
        submitted(one.checking.accountNumber, third, 100, { key: 'calm' }),
      ]);
      await until(async () => {
        const [waiting] = await queryRows<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity
               where wait_event_type = 'Lock' and query like '%ledger_transfer_group%'`,
        );
        return waiting!.n > 0;
      });
      await other.query('commit');
      const answers = await group;
      expect(answers[0]).toEqual({ status: 201, body: { stored: true }, replayed: true });
      expect(answers[1]).toMatchObject({ status: 201, replayed: false });
      // Only the other request moved money, once.
      expect([
        await balance(one.checking.accountNumber),
        await balance(savings),
        await balance(third),
      ]).toEqual([900, 0, 100]);
      expect(await verifyLedger(t.db)).toEqual([]);
    } finally {
      await other.end();
    }
  });
});

/** The id of the session a token names. */
async function sessionIdOf(userId: number): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.db,
    sql`select id::int as id from sessions where user_id = ${userId} order by id desc limit 1`,
  );
  return row!.id;
}

/**
 * A request of the group that fails in a way no rule foresees: a trigger refuses the legs of a
 * transfer with this memo (with `code`, P0001 unless said), as a broken row or a bug would.
 */
async function withFailingMemo<T>(memo: string, work: () => Promise<T>, code = 'P0001'): Promise<T> {
  await t.db.execute(
    sql.raw(`create function test_refuse_memo() returns trigger language plpgsql as $f$
      begin
        if new.memo = '${memo}' then raise exception 'refused by the test' using errcode = '${code}'; end if;
        return new;
      end $f$`),
  );
  await t.db.execute(
    sql.raw(`create trigger test_refuse_memo before insert on transactions
      for each row execute function test_refuse_memo()`),
  );
  try {
    return await work();
  } finally {
    await t.db.execute(sql.raw('drop trigger test_refuse_memo on transactions'));
    await t.db.execute(sql.raw('drop function test_refuse_memo()'));
  }
}

describe('each request of a group on its own, whatever happens to another', () => {
  it("checks a repeated key's session before answering it from its first request", async () => {
    const valid = await sessionIdOf(one.student.id);
    await createSession(t.db, one.student.id, 3600);
    const revoked = await sessionIdOf(one.student.id);
    await t.db.execute(sql`update sessions set revoked_at = now() where id = ${revoked}`);
    const move = (sessionId: number) =>
      submitted(one.checking.accountNumber, savings, 100, { actor: one.student, key: 'k', sessionId });
    // The revoked session's request comes second: it is refused, not answered from the first.
    const second = await runGroup(t.db, [move(valid), move(revoked)]);
    expect(second.map(outcome)).toEqual([201, 'BK401']);
    // ...and first: refused, and the valid session's request is not refused with it.
    const first = await runGroup(t.db, [move(revoked), move(valid)]);
    expect(first.map(outcome)).toEqual(['BK401', 201]);
    expect('replayed' in first[1]! && first[1].replayed).toBe(true);
    expect(await balance(one.checking.accountNumber)).toBe(900);
  });

  it('answers a request that fails unexpectedly on its own; the others of its group are written', async () => {
    const answers = await withFailingMemo('boom', () =>
      runGroup(t.db, [
        submitted(one.checking.accountNumber, savings, 100, { key: 'before' }),
        submitted(one.checking.accountNumber, savings, 200, { memo: 'boom', key: 'boom' }),
        submitted(one.checking.accountNumber, third, 300),
      ]),
    );
    expect(answers.map(outcome)).toEqual([201, 'failed', 201]);
    expect([await balance(one.checking.accountNumber), await balance(savings), await balance(third)]).toEqual(
      [600, 100, 300],
    );
    // The failed request's key is free: it changed nothing.
    const keys = await queryRows<{ key: string }>(t.db, sql`select key from idempotency_keys order by key`);
    expect(keys.map((k) => k.key)).toEqual(['before']);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('stops the whole group on a broken invariant (BK500): nothing of it is written', async () => {
    const group = withFailingMemo(
      'broken',
      () =>
        runGroup(t.db, [
          submitted(one.checking.accountNumber, savings, 100),
          submitted(one.checking.accountNumber, savings, 200, { memo: 'broken' }),
          submitted(one.checking.accountNumber, third, 300),
        ]),
      'BK500',
    );
    await expect(group.catch(pgErrorCode)).resolves.toBe('BK500');
    expect([await balance(one.checking.accountNumber), await balance(savings), await balance(third)]).toEqual(
      [1000, 0, 0],
    );
  });
});

describe('through HTTP, requests that arrive while a group is written', () => {
  /**
   * Sends `blocker` and keeps its group waiting (PostgreSQL: on a row lock another connection
   * holds; PGlite, one connection: behind an open transaction), sends `queued` one after the other
   * while it waits, so they are written together as the next group, then lets them all go.
   * The tokens must be remembered by the server, so the requests reach the queue without a query.
   */
  async function asNextGroup<T>(
    lockedAccount: string,
    blocker: () => Promise<T>,
    queued: Array<() => Promise<T>>,
  ): Promise<T[]> {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let held: Promise<unknown>;
    if (databaseKind === 'postgres') {
      const other = await otherConnection(t.db);
      await other.query('begin');
      await other.query('select 1 from accounts where account_number = $1 for update', [lockedAccount]);
      held = gate.then(() => other.query('rollback')).finally(() => other.end());
    } else {
      let begun!: () => void;
      const started = new Promise<void>((resolve) => (begun = resolve));
      held = t.db.transaction(async () => {
        begun();
        await gate;
      });
      await started;
    }
    const groupsBefore = transferGroupCounts(t.db).groups;
    const answers = [blocker()];
    await until(async () => transferGroupCounts(t.db).groups > groupsBefore);
    for (const [i, request] of queued.entries()) {
      answers.push(request());
      await until(async () => transferGroupCounts(t.db).waiting === i + 1);
    }
    release();
    await held;
    return Promise.all(answers);
  }

  const send = (
    token: string,
    from: string,
    to: string,
    amount: number,
    extra: { key?: string; memo?: string } = {},
  ) =>
    call(t.app, 'POST', '/user/transfers', {
      token,
      body: { fromAccountId: from, toAccountId: to, amount, ...(extra.memo ? { memo: extra.memo } : {}) },
      headers: extra.key ? { 'idempotency-key': extra.key } : {},
    });
  /** A call that looks the token's session up, so the server remembers it. */
  const remember = async (token: string, username: string) =>
    expect((await call(t.app, 'GET', `/user/users/${username}`, { token })).status).toBe(200);

  it('never answers a signed-out session from the key its other session used in the same group', async () => {
    const otherToken = await createSession(t.db, one.student.id, 3600);
    await remember(one.tokens.student, one.student.username);
    await remember(otherToken, one.student.username);
    await remember(one.tokens.admin, one.admin.username);
    // Signed out (the server still remembers it: its transfer's own statement checks it).
    expect((await call(t.app, 'POST', '/logout', { token: otherToken })).status).toBe(204);
    const [blocked, valid, signedOut] = await asNextGroup(
      third,
      () => send(one.tokens.admin, third, one.checking.accountNumber, 1),
      [
        () => send(one.tokens.student, one.checking.accountNumber, savings, 1, { key: 'shared' }),
        () => send(otherToken, one.checking.accountNumber, savings, 1, { key: 'shared' }),
      ],
    );
    expect(blocked!.status).toBe(409);
    expect(valid!.status).toBe(201);
    expect(signedOut!.status).toBe(401);
    expect(await balance(savings)).toBe(100);
  });

  it('answers a request that fails unexpectedly with 500 alone; the others of its group are written', async () => {
    await remember(one.tokens.student, one.student.username);
    await remember(one.tokens.admin, one.admin.username);
    const [blocked, fine, failed] = await withFailingMemo('boom', () =>
      asNextGroup(third, () => send(one.tokens.admin, third, one.checking.accountNumber, 1), [
        () => send(one.tokens.student, one.checking.accountNumber, savings, 1, { key: 'fine' }),
        () => send(one.tokens.student, one.checking.accountNumber, savings, 2, { memo: 'boom' }),
      ]),
    );
    expect(blocked!.status).toBe(409);
    expect(fine!.status).toBe(201);
    expect(failed!.status).toBe(500);
    expect([await balance(one.checking.accountNumber), await balance(savings)]).toEqual([900, 100]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

/** Waits (up to 5 s) until `ready` says so. */
async function until(ready: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('gave up waiting');
}
