/**
 * A limit on everything (issue 31): the lists that grew without one, a bank's and a banker's
 * requests, a schedule's runs and the support tickets, answer a page at a time: at most `limit`
 * rows (a default when none is asked), `X-Next-Cursor` when more follow, every row exactly once.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { limits, PAGE_HEADERS } from '@bank/shared';
import { queryRows } from '../src/db/client.js';
import { call, useTestApp } from './harness.js';
import { insertAccount, seedBank, type SeededBank } from './fixtures.js';

const t = useTestApp();
let bank: SeededBank;

beforeEach(async () => {
  bank = await seedBank(t.db, 'one');
});

/** Every page of a list, read by following X-Next-Cursor; the pages' sizes and their rows. */
async function readAll(url: string, token: string, key: (row: any) => unknown, limit?: number) {
  const sizes: number[] = [];
  const rows: unknown[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({
      ...(limit ? { limit: String(limit) } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const res = await call(t.app, 'GET', `${url}${url.includes('?') ? '&' : '?'}${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    sizes.push(res.body.length);
    rows.push(...res.body.map(key));
    cursor = res.headers[PAGE_HEADERS.nextCursor.toLowerCase()] as string | undefined;
  } while (cursor);
  return { sizes, rows };
}

describe('pages', () => {
  it('support tickets: every ticket a realistic bank has in one answer, then X-Next-Cursor', async () => {
    await t.db.execute(sql`
      insert into support_tickets (bank_id, user_id, ticket_type, title, contents, severity)
      select ${bank.bankId}, ${bank.student.id}, 'Bug', 'T' || n, 'C', '3. Major'
      from generate_series(1, ${limits.listPageMax + 2}) n`);
    const all = await readAll(`/user/supportTickets/${bank.bankId}`, bank.tokens.admin, (r) => r.title);
    expect(all.sizes).toEqual([limits.listPageMax, 2]);
    expect(new Set(all.rows).size).toBe(limits.listPageMax + 2);
    const small = await readAll(
      `/user/supportTickets/${bank.bankId}`,
      bank.tokens.student,
      (r) => r.title,
      200,
    );
    expect(small.rows).toEqual(all.rows);
  });

  it('a banker’s requests and the bank’s queue: waiting oldest first, then decided newest first', async () => {
    const classmate = await insertAccount(t.db, {
      userId: bank.otherStudent.id,
      bankId: bank.bankId,
      branchId: bank.north.id,
    });
    await t.db.execute(sql`
      insert into banker_requests (bank_id, kind, account_number, amount_cents, requested_by, status, expires_at)
      select ${bank.bankId}, 'deposit', ${classmate.accountNumber}, n, ${bank.student.id},
             case when n % 3 = 0 then 'rejected' else 'waiting' end, now() + interval '7 days'
      from generate_series(1, ${limits.requestsPageDefault + 1}) n`);
    const ids = await queryRows<{ id: number; status: string }>(
      t.db,
      sql`select id, status from banker_requests order by id`,
    );
    const mine = await readAll(
      `/user/requests/${bank.student.username}`,
      bank.tokens.admin,
      (r) => r.requestId,
    );
    expect(mine.sizes).toEqual([limits.requestsPageDefault, 1]);
    expect(mine.rows).toEqual(ids.map((r) => r.id).reverse());
    const queue = await readAll(`/teller/requests/${bank.bankId}`, bank.tokens.teller, (r) => r.requestId, 7);
    const expected = [
      ...ids.filter((r) => r.status === 'waiting').map((r) => r.id),
      ...ids
        .filter((r) => r.status !== 'waiting')
        .map((r) => r.id)
        .reverse(),
    ];
    expect(queue.rows).toEqual(expected);
    const first = await call(t.app, 'GET', `/teller/requests/${bank.bankId}?status=waiting&limit=1`, {
      token: bank.tokens.teller,
    });
    expect(first.headers[PAGE_HEADERS.totalCount.toLowerCase()]).toBe(
      String(ids.filter((r) => r.status === 'waiting').length),
    );
  });

  it('a schedule’s runs, newest first, a short page at a time', async () => {
    const [schedule] = await queryRows<{ id: number }>(
      t.db,
      sql`insert into schedules (bank_id, name, kind, amount_cents, every, start_date, target_branch_id, next_run_at, created_by)
          values (${bank.bankId}, 'Pay', 'deposit', 100, 'week', current_date, ${bank.main.id}, now() + interval '7 days', ${bank.admin.id})
          returning id`,
    );
    await t.db.execute(sql`
      insert into schedule_runs (schedule_id, occurrence_date, run_at, item_count, total_cents, left_out, cut)
      select ${schedule!.id}, current_date - n * 7, now() - n * interval '7 days', 0, 0, '[]'::jsonb, '[]'::jsonb
      from generate_series(1, ${limits.scheduleRunsPageDefault + 1}) n`);
    const runs = await readAll(`/teller/schedules/${schedule!.id}/runs`, bank.tokens.admin, (r) => r.runAt);
    expect(runs.sizes).toEqual([limits.scheduleRunsPageDefault, 1]);
    expect(runs.rows).toEqual([...runs.rows].sort().reverse());
    const over = await call(
      t.app,
      'GET',
      `/teller/schedules/${schedule!.id}/runs?limit=${limits.scheduleRunsPageMax + 1}`,
      {
        token: bank.tokens.admin,
      },
    );
    expect(over.status).toBe(400);
  });
});
