import { afterAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { accounts, transactions } from '../src/db/schema.js';
import { createSingleLeg, verifyLedger } from '../src/domain/ledger/index.js';
import { insertAccount, seedBank } from './fixtures.js';
import { scratchDatabase, startServer } from './server-process.js';

/**
 * The real server as a child process, killed with SIGKILL in the middle of concurrent deposits,
 * transfers and postings, then restarted. Every request the server acknowledged (201) must still
 * be there, replayable by its Idempotency-Key; every request whose answer was lost to the crash
 * is sent again with its key, and must then have happened exactly once. At the end each balance
 * equals what the requests add up to, and the ledger's rules hold.
 */

const ROUNDS = 2;
const ACKS_BEFORE_KILL = 50;
const WORKERS = 6;

interface MoneyRequest {
  path: '/teller/deposits' | '/user/transfers';
  key: string;
  body: Record<string, unknown>;
  /** The effect on each account, in cents, when it happens. */
  effects: Array<[string, number]>;
  /** The 201 body, once acknowledged. */
  ack?: { status: number; body: any };
}

describe('a server killed with SIGKILL mid-traffic', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it(
    'loses no acknowledged transaction, and retried requests happen exactly once',
    { timeout: 180_000 },
    async () => {
      const scratch = await scratchDatabase();
      cleanups.push(scratch.drop);

      // The bank, before the server first starts: accounts with opening balances.
      const setup = await scratch.open();
      const bank = await seedBank(setup.db, 'crash');
      const accountNumbers = [bank.checking.accountNumber, bank.otherChecking.accountNumber];
      for (const owner of [bank.student, bank.student, bank.otherStudent]) {
        accountNumbers.push(
          (
            await insertAccount(setup.db, {
              userId: owner.id,
              bankId: bank.bankId,
              branchId: owner.branchId!,
              type: 'SAVINGS',
            })
          ).accountNumber,
        );
      }
      const expected = new Map<string, number>();
      for (const accountId of accountNumbers) {
        await createSingleLeg(
          setup.db,
          { now: new Date(), postingDelaySeconds: 0 },
          { accountId, type: 'credit', description: 'Opening', amountCents: 1_000_000, createdBy: null },
        );
        expected.set(accountId, 1_000_000);
      }
      await setup.close();

      const requests: MoneyRequest[] = [];
      let counter = 0;
      const nextRequest = (): MoneyRequest => {
        const n = counter++;
        const cents = 100 + ((n * 37) % 900);
        const from = accountNumbers[n % accountNumbers.length]!;
        if (n % 3 === 0) {
          return {
            path: '/teller/deposits',
            key: `dep-${n}`,
            body: { accountId: from, amount: cents / 100 },
            effects: [[from, cents]],
          };
        }
        const to =
          accountNumbers[(n * 7 + 1) % accountNumbers.length] === from
            ? accountNumbers[(n + 1) % accountNumbers.length]!
            : accountNumbers[(n * 7 + 1) % accountNumbers.length]!;
        return {
          path: '/user/transfers',
          key: `tr-${n}`,
          body: { fromAccountId: from, toAccountId: to, amount: cents / 100 },
          effects: [
            [from, -cents],
            [to, cents],
          ],
        };
      };
      const send = async (base: string, request: MoneyRequest) => {
        const response = await fetch(`${base}${request.path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${bank.tokens.admin}`,
            'content-type': 'application/json',
            'idempotency-key': request.key,
          },
          body: JSON.stringify(request.body),
        });
        return { status: response.status, body: await response.json() };
      };

      let server = await startServer({ ...scratch.env, POSTING_DELAY_SECONDS: '0' });
      cleanups.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });

      for (let round = 0; round < ROUNDS; round++) {
        let acks = 0;
        let killed = false;
        const current = server;
        const worker = async (w: number) => {
          while (!killed) {
            if (w === 0) {
              // One worker keeps posting, so the kill can land inside a posting run too.
              await fetch(`${current.base}/admin/transactions/post`, {
                method: 'POST',
                headers: { authorization: `Bearer ${bank.tokens.admin}` },
              }).catch(() => undefined);
              continue;
            }
            const request = nextRequest();
            requests.push(request);
            try {
              const answer = await send(current.base, request);
              expect(answer.status, JSON.stringify(answer.body)).toBe(201);
              request.ack = answer;
              if (++acks >= ACKS_BEFORE_KILL && !killed) {
                killed = true;
                current.child.kill('SIGKILL');
              }
            } catch (error) {
              if (!killed) throw error;
              // The answer was lost with the server: the request may or may not have happened.
            }
          }
        };
        await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
        await current.exited;

        server = await startServer({ ...scratch.env, POSTING_DELAY_SECONDS: '0' });
        // Every acknowledged request is still there: its key gives back the very same answer.
        for (const request of requests.filter((r) => r.ack)) {
          const again = await send(server.base, request);
          expect(again).toEqual(request.ack);
        }
        // Every request whose answer was lost is sent again with its key: it happens now, or
        // already had, but only once.
        for (const request of requests.filter((r) => !r.ack)) {
          const answer = await send(server.base, request);
          expect(answer.status).toBe(201);
          request.ack = answer;
        }
      }

      // Stop the server (gracefully this time) and look at the books.
      server.child.kill('SIGTERM');
      await server.exited;
      for (const request of requests)
        for (const [accountId, cents] of request.effects)
          expected.set(accountId, expected.get(accountId)! + cents);
      const check = await scratch.open();
      try {
        expect(await verifyLedger(check.db)).toEqual([]);
        const rows = await check.db
          .select()
          .from(accounts)
          .where(inArray(accounts.accountNumber, accountNumbers));
        expect(Object.fromEntries(rows.map((r) => [r.accountNumber, r.balanceCents]))).toEqual(
          Object.fromEntries(expected),
        );
        const ackedIds = requests.flatMap((r) =>
          r.path === '/user/transfers' ? [r.ack!.body.debit.id, r.ack!.body.credit.id] : [r.ack!.body.id],
        );
        const stored = await check.db
          .select({ id: transactions.id, deletedAt: transactions.deletedAt })
          .from(transactions);
        // Exactly the acknowledged transactions and the opening deposits: nothing lost, nothing twice.
        expect(stored).toHaveLength(ackedIds.length + accountNumbers.length);
        const live = new Set(stored.filter((s) => s.deletedAt === null).map((s) => s.id));
        for (const id of ackedIds) expect(live.has(id)).toBe(true);
        expect(requests.length).toBeGreaterThan(ROUNDS * ACKS_BEFORE_KILL);
      } finally {
        await check.close();
      }
    },
  );
});
