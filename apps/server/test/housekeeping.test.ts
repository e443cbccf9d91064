import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { cleanUp } from '../src/domain/housekeeping/clean-up.js';
import { call, useTestApp } from './harness.js';
import { seedBank, type SeededBank } from './fixtures.js';

const t = useTestApp();
let bank: SeededBank;
beforeEach(async () => {
  bank = await seedBank(t.db, 'house');
});

const count = async (table: string) =>
  (await queryRows<{ n: number }>(t.db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('housekeeping', () => {
  it('deletes week-old idempotency answers and long-dead sessions, and nothing still in use', async () => {
    const deposit = (key: string) =>
      call(t.app, 'POST', '/teller/deposits', {
        token: bank.tokens.teller,
        headers: { 'idempotency-key': key },
        body: { accountId: bank.checking.accountNumber, amount: 5 },
      });
    expect((await deposit('old-key')).status).toBe(201);
    expect((await deposit('fresh-key')).status).toBe(201);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '8 days' where key = 'old-key'`,
    );
    await t.db.execute(
      sql`update sessions set expires_at = now() - interval '2 days' where user_id = ${bank.otherStudent.id}`,
    );
    await t.db.execute(
      sql`update sessions set revoked_at = now() - interval '2 days' where user_id = ${bank.student.id}`,
    );
    const sessionsBefore = await count('sessions');

    expect(await cleanUp(t.db, new Date())).toEqual({ idempotencyKeys: 1, sessions: 2 });
    expect(await count('idempotency_keys')).toBe(1);
    expect(await count('sessions')).toBe(sessionsBefore - 2);
    // The fresh key still replays, and the teller's live session still works.
    const replay = await deposit('fresh-key');
    expect(replay.status).toBe(201);
    expect(await count('transactions')).toBe(2);
    expect(await cleanUp(t.db, new Date())).toEqual({ idempotencyKeys: 0, sessions: 0 });
  });
});
