import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { describeError } from '../src/db/describe-error.js';
import { databaseKind, openTestDatabase, otherConnection } from './harness.js';

/**
 * What the operator tool prints for whatever reached it (cli.ts, `bank: …`), and what a failed
 * restore says: never "[object Object]", never an empty line, and a database error as its
 * reason and code rather than Drizzle's "Failed query: <the SQL> params: …".
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

describe('describeError', () => {
  it('says what a thrown value that is not an Error holds', () => {
    // PGlite's runtime throws its exit status as a plain object with a message.
    const exitStatus = { name: 'ExitStatus', message: 'Program terminated with exit(1)', status: 1 };
    expect(describeError(exitStatus)).toBe('Program terminated with exit(1)');
    expect(describeError({ status: 1, reason: { at: 'start' } })).toBe(
      "{ status: 1, reason: { at: 'start' } }",
    );
    expect(describeError('the disk is full')).toBe('the disk is full');
    expect(describeError('')).toBe('an empty error');
    expect(describeError(42)).toBe('42');
    expect(describeError(null)).toBe('null');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError(Object.create(null))).toBe('[Object: null prototype] {}');
  });

  it('says what an Error says, or what is inside one that says nothing', () => {
    expect(describeError(new Error('There is no file x.json.gz.'))).toBe('There is no file x.json.gz.');
    expect(describeError(new TypeError())).toBe('TypeError');
    // What a connection to "localhost" throws when neither of its addresses answers.
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}:1`), {
        code: 'ECONNREFUSED',
        syscall: 'connect',
      });
    expect(describeError(new AggregateError([refused('::1'), refused('127.0.0.1')]))).toBe(
      'connect ECONNREFUSED ::1:1; connect ECONNREFUSED 127.0.0.1:1',
    );
    // A system call's code is five capitals, like a SQLSTATE: it is not the database's.
    const denied = Object.assign(new Error("EPERM: operation not permitted, open 'x'"), {
      code: 'EPERM',
      syscall: 'open',
    });
    expect(describeError(denied)).toBe("EPERM: operation not permitted, open 'x'");
  });

  it("gives a database error's reason and code, not the failed query", async () => {
    const failure = await handle.db.execute(sql`select 1 / ${0}::int`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(String((failure as Error).message)).toMatch(/^Failed query: select 1/);
    expect(describeError(failure)).toBe('division by zero (PostgreSQL error 22012)');
  });

  it.runIf(databaseKind === 'postgres')('gives a deadlock as a deadlock', async () => {
    const other = await otherConnection(handle.db);
    try {
      await handle.db.execute(sql`create table deadlock_a (n int); create table deadlock_b (n int)`);
      await other.query('begin');
      await other.query('lock table deadlock_b');
      const mine = handle.db.transaction(async (tx) => {
        await tx.execute(sql`lock table deadlock_a`);
        await tx.execute(sql`select pg_sleep(0.2)`);
        await tx.execute(sql`lock table deadlock_b`);
      });
      const failures = await Promise.allSettled([
        mine,
        (async () => {
          await new Promise((resolve) => setTimeout(resolve, 100));
          await other.query('lock table deadlock_a');
        })(),
      ]);
      const failure = failures.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(describeError(failure.reason)).toBe('deadlock detected (PostgreSQL error 40P01)');
    } finally {
      await other.query('rollback').catch(() => {});
      await other.end();
    }
  });
});
