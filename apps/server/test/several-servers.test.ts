import { spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../src/db/client.js';
import { accounts } from '../src/db/schema.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { postTransactions } from '../src/domain/ledger/posting/index.js';
import { createScratchDatabase, databaseKind, testDatabaseUrl } from './harness.js';
import { insertStudentAccounts, seedBank } from './fixtures.js';
import { serverDir, spawnServer, type SpawnedServer } from './server-process.js';
import { seededRandom } from './seeded-random.js';

/**
 * The bank as it grows past one machine (API.md "Operating the bank"): two real server processes
 * started at the same instant on one empty PostgreSQL database, a Jepsen-style workload of
 * deposits, withdrawals, transfers and posting runs sent through both (clients alternate), one
 * process killed with SIGKILL mid-run and started again (its month-end job then closes three past
 * months while the operator tool does the same), and the books checked at the end: no
 * acknowledged write lost, nothing written that was not asked for, every balance = credits −
 * debits and never negative, the bank's total = deposits − withdrawals + interest, and each
 * posting, interest credit and statement done exactly once.
 */

const WORKLOAD_MS = 40_000;
const KILL_AFTER_MS = 12_000;
const CLIENTS = 6;
/** A pause between a client's requests: keeps each process under its per-address request limit. */
const THINK_MS = 150;
const PAST_MONTHS = 3;

type Path = '/teller/deposits' | '/teller/withdrawals' | '/user/transfers' | '/admin/transactions/post';

interface MoneyRequest {
  path: Path;
  key: string;
  token: string;
  body: { accountId?: string; fromAccountId?: string; toAccountId?: string; amount: number };
  /** 201 with the transactions it wrote, 409 refused, or unknown: the answer was lost to the kill. */
  outcome?: { status: 201; ids: number[] } | { status: 409 } | { status: 'unknown' };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function send(base: string, request: MoneyRequest) {
  const response = await fetch(`${base}${request.path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${request.token}`,
      'content-type': 'application/json',
      'idempotency-key': request.key,
    },
    body: JSON.stringify(request.body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

const idsOf = (path: Path, body: any): number[] =>
  path === '/user/transfers' ? [body.debit.id, body.credit.id] : [body.id];

/** The operator tool as a process of its own: `bank month-end`, as an operator runs it. */
function runCliMonthEnd(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'month-end'], {
      cwd: serverDir,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => resolve({ code, out }));
  });
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.skipIf(databaseKind === 'pglite')(
  'two server processes on one database (PostgreSQL only: the embedded database belongs to one process)',
  () => {
    it(
      'share a Jepsen-style workload through a SIGKILL and a restart without losing, creating or repeating anything',
      { timeout: 240_000 },
      async () => {
        const startedAt = Date.now();
        const scratch = await createScratchDatabase(testDatabaseUrl!);
        cleanups.push(scratch.drop);
        const env = {
          DATABASE_URL: scratch.url,
          DEMO_DATA: '0',
          POSTING_DELAY_SECONDS: '1',
          RATE_LIMIT_PER_MINUTE: '0',
        };

        // Both processes start at the same instant on the empty database.
        const servers: SpawnedServer[] = await Promise.all([spawnServer(env), spawnServer(env)]);
        cleanups.push(async () => {
          for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
        });
        await Promise.all(servers.map((s) => s.ready));
        // Let their first job runs (one second after start) find the empty bank, then open it.
        await pause(2500);

        const setup = await openDatabase({ databaseUrl: scratch.url });
        const bank = await seedBank(setup.db, 'multi');
        const now = new Date();
        const openedAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - PAST_MONTHS, 1, 8));
        const accountNumbers = [
          bank.checking.accountNumber,
          bank.otherChecking.accountNumber,
          ...(await insertStudentAccounts(setup.db, bank, 6, 4)),
        ];
        await setup.db
          .update(accounts)
          .set({ openedAt })
          .where(inArray(accounts.accountNumber, accountNumbers));
        const OPENING_CENTS = 20_000;
        for (const accountId of accountNumbers) {
          await createSingleLeg(
            setup.db,
            { now: openedAt, postingDelaySeconds: 0 },
            {
              accountId,
              type: 'credit',
              description: 'Opening',
              amountCents: OPENING_CENTS,
              createdBy: null,
              post: true,
            },
          );
        }
        const savingsCount = (
          await setup.db.select().from(accounts).where(inArray(accounts.accountNumber, accountNumbers))
        ).filter((a) => a.type === 'SAVINGS').length;
        await setup.close();

        // The workload: each client alternates between the processes, skipping one that is down.
        const rand = seededRandom(20261123);
        const pick = () => accountNumbers[Math.floor(rand() * accountNumbers.length)]!;
        const amount = () => (Math.floor(rand() * 4000) + 1) / 100;
        const tokens = [bank.tokens.admin, bank.tokens.teller];
        const requests: MoneyRequest[] = [];
        const stats = { sent: 0, acknowledged: 0, refused: 0, lost: 0, rateLimited: 0, postingRuns: 0 };
        const down = new Set<number>();
        let stop = false;
        let turn = 0;
        const nextServer = () => {
          for (let i = 0; i < servers.length; i++) {
            const index = turn++ % servers.length;
            if (!down.has(index)) return servers[index]!;
          }
          return servers[0]!;
        };
        const client = async (c: number) => {
          for (let op = 0; !stop; op++) {
            await pause(THINK_MS);
            const server = nextServer();
            const token = tokens[(c + op) % 2]!;
            const roll = rand();
            if (roll < 0.06) {
              const res = await fetch(`${server.base}/admin/transactions/post`, {
                method: 'POST',
                headers: { authorization: `Bearer ${bank.tokens.admin}` },
              }).catch(() => null);
              if (res?.status === 200) stats.postingRuns++;
              continue;
            }
            const key = `c${c}-op${op}`;
            let request: MoneyRequest;
            if (roll < 0.55) {
              const from = pick();
              let to = pick();
              while (to === from) to = pick();
              request = {
                path: '/user/transfers',
                key,
                token,
                body: { fromAccountId: from, toAccountId: to, amount: amount() },
              };
            } else if (roll < 0.78) {
              request = {
                path: '/teller/deposits',
                key,
                token,
                body: { accountId: pick(), amount: amount() },
              };
            } else {
              request = {
                path: '/teller/withdrawals',
                key,
                token,
                body: { accountId: pick(), amount: amount() },
              };
            }
            requests.push(request);
            for (;;) {
              stats.sent++;
              try {
                const answer = await send(server.base, request);
                if (answer.status === 429) {
                  // Refused before anything ran: the same request again, a little later.
                  stats.rateLimited++;
                  await pause(1000);
                  continue;
                }
                expect([201, 409], JSON.stringify(answer.body)).toContain(answer.status);
                request.outcome =
                  answer.status === 201
                    ? { status: 201, ids: idsOf(request.path, answer.body) }
                    : { status: 409 };
              } catch (error) {
                if (!(error instanceof TypeError)) throw error;
                // The connection broke (the process was killed): it may or may not have happened.
                request.outcome = { status: 'unknown' };
              }
              break;
            }
          }
        };

        const workloadStart = Date.now();
        const workload = Promise.all(
          Array.from({ length: CLIENTS }, (_, c) =>
            client(c).catch((error: unknown) => {
              stop = true; // one client's failure ends the run; the test reports it below
              throw error;
            }),
          ),
        );
        workload.catch(() => undefined);
        // Mid-run: SIGKILL the second process, start it again (its jobs run at once: posting, and
        // month-end for the three past months) while the operator tool runs month-end too.
        await pause(KILL_AFTER_MS);
        down.add(1);
        servers[1]!.child.kill('SIGKILL');
        await servers[1]!.exited;
        const kills = 1;
        servers[1] = await spawnServer(env);
        const cli = runCliMonthEnd({ DATABASE_URL: scratch.url });
        await servers[1].ready;
        down.delete(1);
        const cliResult = await cli;
        expect(cliResult.code, cliResult.out).toBe(0);
        await pause(Math.max(0, WORKLOAD_MS - (Date.now() - workloadStart)));
        stop = true;
        await workload;

        // Every request whose answer was lost is sent again with its key: it happened once, or not.
        for (const request of requests.filter((r) => r.outcome?.status === 'unknown')) {
          stats.lost++;
          const answer = await send(servers[0]!.base, request);
          expect([201, 409]).toContain(answer.status);
          request.outcome =
            answer.status === 201 ? { status: 201, ids: idsOf(request.path, answer.body) } : { status: 409 };
        }
        // Everything due or not posts now; then every account's list, read from the bottom up, adds up
        // (posting order: API.md "Resources"), interest and rows of both processes' runs included.
        const posting = await fetch(`${servers[0]!.base}/admin/transactions/post`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bank.tokens.admin}` },
        });
        expect(posting.status).toBe(200);
        for (const accountId of accountNumbers) {
          const list = await fetch(`${servers[1]!.base}/user/transactions/${accountId}`, {
            headers: { authorization: `Bearer ${bank.tokens.admin}` },
          });
          const rows = (
            (await list.json()) as Array<{ type: string; amount: number; accountBalance: number }>
          )
            .slice()
            .reverse();
          let running = 0;
          for (const row of rows) {
            running += Math.round(row.amount * 100) * (row.type === 'credit' ? 1 : -1);
            expect(Math.round(row.accountBalance * 100), accountId).toBe(running);
          }
        }
        // Both stop gracefully; the month-end of the restarted process has finished by then.
        for (const server of servers) server.child.kill('SIGTERM');
        expect(await Promise.all(servers.map((s) => s.exited))).toEqual([0, 0]);

        const check = await openDatabase({ databaseUrl: scratch.url });
        try {
          // Whatever is still pending posts now, so every transaction's posting can be checked.
          await postTransactions(check.db, { now: new Date(Date.now() + 86_400_000), all: true, wait: true });
          expect(await verifyLedger(check.db)).toEqual([]);

          let deposited = OPENING_CENTS * accountNumbers.length;
          let withdrawn = 0;
          const expected = new Map(accountNumbers.map((n) => [n, OPENING_CENTS]));
          const ackedIds: number[] = [];
          for (const request of requests) {
            if (request.outcome?.status !== 201) {
              if (request.outcome?.status === 409) stats.refused++;
              continue;
            }
            stats.acknowledged++;
            ackedIds.push(...request.outcome.ids);
            const cents = Math.round(request.body.amount * 100);
            if (request.path === '/teller/deposits') {
              deposited += cents;
              expected.set(request.body.accountId!, expected.get(request.body.accountId!)! + cents);
            } else if (request.path === '/teller/withdrawals') {
              withdrawn += cents;
              expected.set(request.body.accountId!, expected.get(request.body.accountId!)! - cents);
            } else {
              expected.set(request.body.fromAccountId!, expected.get(request.body.fromAccountId!)! - cents);
              expected.set(request.body.toAccountId!, expected.get(request.body.toAccountId!)! + cents);
            }
          }
          expect(stats.acknowledged).toBeGreaterThan(50);

          // No acknowledged write lost; nothing stored that no request made (besides openings and interest).
          const stored = await queryRows<{ id: number; description: string; deleted: boolean }>(
            check.db,
            sql`select id, description, deleted_at is not null as deleted from transactions`,
          );
          const live = new Set(stored.filter((s) => !s.deleted).map((s) => s.id));
          for (const id of ackedIds) expect(live.has(id), `transaction ${id}`).toBe(true);
          const interestRows = stored.filter((s) => s.description === 'Interest');
          expect(stored).toHaveLength(ackedIds.length + accountNumbers.length + interestRows.length);

          // Each balance is what the acknowledged requests add up to, plus its interest; none negative.
          const interest = await queryRows<{ account_number: string; cents: number }>(
            check.db,
            sql`select account_number, sum(amount_cents)::bigint as cents from interest_credits group by account_number`,
          );
          const interestOf = new Map(interest.map((r) => [r.account_number, r.cents]));
          const rows = await check.db
            .select()
            .from(accounts)
            .where(inArray(accounts.accountNumber, accountNumbers));
          for (const row of rows) {
            expect(row.balanceCents, row.accountNumber).toBe(
              expected.get(row.accountNumber)! + (interestOf.get(row.accountNumber) ?? 0),
            );
            expect(row.balanceCents).toBeGreaterThanOrEqual(0);
          }
          const totalInterest = [...interestOf.values()].reduce((a, b) => a + b, 0);
          const [total] = await queryRows<{ cents: number }>(
            check.db,
            sql`select sum(balance_cents)::bigint as cents from accounts where bank_id = ${bank.bankId}`,
          );
          expect(total!.cents).toBe(deposited - withdrawn + totalInterest);

          // Month-end ran once per account-month, whoever ran it: the restarted process or the tool.
          const [once] = await queryRows<{
            statements: number;
            statement_months: number;
            credits: number;
            interest_transactions: number;
            interest_months: number;
            posted: number;
            sequences: number;
            pending: number;
          }>(
            check.db,
            sql`select
                  (select count(*)::int from statements) as statements,
                  (select count(distinct (account_number, period_start))::int from statements) as statement_months,
                  (select count(*)::int from interest_credits) as credits,
                  (select count(*)::int from transactions where description = 'Interest') as interest_transactions,
                  (select count(distinct (account_number, date_trunc('month', posted_date at time zone 'UTC')))::int
                     from transactions where description = 'Interest') as interest_months,
                  (select count(*)::int from transactions where status = 'posted') as posted,
                  (select count(distinct posting_seq)::int from transactions where status = 'posted') as sequences,
                  (select count(*)::int from transactions where status = 'pending') as pending`,
          );
          expect(once).toEqual({
            statements: accountNumbers.length * PAST_MONTHS,
            statement_months: accountNumbers.length * PAST_MONTHS,
            credits: savingsCount * PAST_MONTHS,
            interest_transactions: savingsCount * PAST_MONTHS,
            interest_months: savingsCount * PAST_MONTHS,
            posted: stored.length,
            sequences: stored.length,
            pending: 0,
          });
          const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
          console.log(
            `two processes on one PostgreSQL database: ${requests.length} money requests ` +
              `(${stats.sent} sends, ${stats.acknowledged} acknowledged, ${stats.refused} refused 409, ` +
              `${stats.lost} answers lost to the kill and resent, ${stats.rateLimited} rate-limited), ` +
              `${stats.postingRuns} posting calls, ${kills} SIGKILL + restart, ` +
              `${once!.statements} statements and ${once!.credits} interest credits each once, ${seconds} s`,
          );
        } finally {
          await check.close();
        }
      },
    );
  },
);
