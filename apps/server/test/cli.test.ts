import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { scheduleRuns, schedules } from '../src/db/schema.js';
import { seedDemoBank } from '../src/domain/demo/seed-demo-bank.js';
import { call, testConfig } from './harness.js';
import { PROCESS_TEST_TIMEOUT, scratchDatabase, serverDir, type Scratch } from './server-process.js';

// Every test here runs the bank's CLI as a process (PROCESS_TEST_TIMEOUT in server-process.ts).
vi.setConfig({ testTimeout: PROCESS_TEST_TIMEOUT, hookTimeout: PROCESS_TEST_TIMEOUT });
afterAll(() => vi.resetConfig());

const run = promisify(execFile);
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

/** The operator tool as an operator runs it: its own process, on the same database as the bank. */
let scratch: Scratch;
const open = (): Promise<DatabaseHandle> => scratch.open();
const bankCli = (...args: string[]) =>
  run(tsx, ['src/cli.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...scratch.env, LOG_LEVEL: 'silent' },
  });

beforeAll(async () => {
  scratch = await scratchDatabase();
  const db = await open();
  await seedDemoBank(db.db, new Date());
  await db.close();
});
afterAll(() => scratch.drop());

describe('npm run bank -- create-bank', () => {
  it('creates a second bank whose admin signs in and sees nothing of bank 1', async () => {
    const { stdout } = await bankCli('create-bank', '--name', 'Hill School Bank', '--admin', 'hill-admin');
    const created = JSON.parse(stdout.trim());
    expect(created).toEqual({
      bankId: 2,
      username: 'hill-admin',
      temporaryPassword: expect.stringMatching(/^[a-z]+-[a-z]+-[a-z]+-[2-9]{2}$/),
    });

    const db = await open();
    const app = await buildApp({ config: testConfig, db: db.db });
    try {
      const login = await call(app, 'POST', '/login', {
        body: { username: 'hill-admin', password: created.temporaryPassword },
      });
      expect(login.status).toBe(200);
      const token = login.body;
      const me = await call(app, 'GET', '/user/users/hill-admin', { token });
      expect(me.body).toMatchObject({ bankId: 2, userRole: 'ADMIN', mustChangePassword: true });
      // The temporary password opens nothing else until it is replaced.
      const newPassword = 'hill-admin-own-secret';
      expect(
        (
          await call(app, 'PUT', '/user/users/hill-admin/updatePassword', {
            token,
            body: [created.temporaryPassword, newPassword],
          })
        ).status,
      ).toBe(200);
      for (const url of [
        '/admin/users/1',
        '/teller/accounts/bank/1',
        '/teller/branches/1',
        '/user/bank/1',
        '/user/users/student',
      ]) {
        expect((await call(app, 'GET', url, { token })).status, url).toBe(404);
      }
      const ownUsers = await call(app, 'GET', '/admin/users/2', { token });
      expect(ownUsers.body.map((u: { username: string }) => u.username)).toEqual(['hill-admin']);
    } finally {
      await app.close();
      await db.close();
    }
  });

  it('refuses a taken admin user id with a message and a non-zero exit, creating nothing', async () => {
    await expect(bankCli('create-bank', '--name', 'Another', '--admin', 'admin')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('That User Id is already taken.'),
    });
    const db = await open();
    const { banks } = await import('../src/db/schema.js');
    expect(await db.db.select().from(banks)).toHaveLength(2);
    await db.close();
  });

  it('prints its commands with --help', async () => {
    const { stdout } = await bankCli('--help');
    for (const command of [
      'create-bank',
      'post',
      'month-end',
      'run-schedules',
      'backup',
      'restore',
      'export',
    ])
      expect(stdout).toContain(command);
  });
});

describe('npm run bank -- run-schedules', () => {
  /** A weekly deposit of 5.00 to a branch of bank 1, next due at `nextRunAt`; its id. */
  async function weeklySchedule(name: string, startDate: string): Promise<number> {
    const db = await open();
    try {
      const [branch] = await db.db.query.branches.findMany({ limit: 1 });
      const [row] = await db.db
        .insert(schedules)
        .values({
          bankId: 1,
          name,
          kind: 'deposit',
          amountCents: 500,
          every: 'week',
          startDate,
          targetBranchId: branch!.id,
          nextRunAt: new Date(`${startDate}T06:00:00Z`),
          createdBy: 1,
        })
        .returning();
      return row!.id;
    } finally {
      await db.close();
    }
  }

  it('runs every occurrence due by --as-of, one JSON line each, and nothing more the second time', async () => {
    const id = await weeklySchedule('Class job pay', '2020-01-02');
    const asOf = '2020-01-20T12:00:00Z';
    const first = await bankCli('run-schedules', '--as-of', asOf);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((l) => [l.name, l.occurrence])).toEqual([
      ['Class job pay', '2020-01-02'],
      ['Class job pay', '2020-01-09'],
      ['Class job pay', '2020-01-16'],
    ]);
    expect(lines[0].count).toBeGreaterThan(0);
    expect((await bankCli('run-schedules', '--as-of', asOf)).stdout.trim()).toBe('');
    await expect(bankCli('run-schedules', '--as-of', 'next friday')).rejects.toMatchObject({
      stderr: expect.stringContaining('ISO instant'),
    });
    // Deleted, so the next test's runs are its own schedule's only.
    const db = await open();
    try {
      await db.db
        .update(schedules)
        .set({ deletedAt: new Date(), active: false, nextRunAt: null })
        .where(eq(schedules.id, id));
    } finally {
      await db.close();
    }
  });

  it('refuses an instant in the future, which would pay occurrences early, and runs nothing', async () => {
    const day = 86_400_000;
    const soon = new Date(Date.now() + 2 * day).toISOString().slice(0, 10);
    const id = await weeklySchedule('Paid on its day only', soon);
    const future = new Date(Date.now() + 3 * day).toISOString();
    await expect(bankCli('run-schedules', '--as-of', future)).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--as-of must not be in the future'),
    });
    const db = await open();
    try {
      expect(await db.db.select().from(scheduleRuns).where(eq(scheduleRuns.scheduleId, id))).toEqual([]);
      const [schedule] = await db.db.select().from(schedules).where(eq(schedules.id, id));
      expect(schedule!.nextRunAt!.toISOString()).toBe(`${soon}T06:00:00.000Z`);
    } finally {
      await db.close();
    }
  });
});
