import type { FastifyReply, FastifyRequest } from 'fastify';
import { transactionCalls as calls, type Route } from '@bank/shared';
import type { Tx } from '../db/client.js';
import { isStaff } from '../domain/actor.js';
import { forbidden } from '../domain/errors.js';
import {
  createTransaction,
  deposit,
  listTransactions,
  parseIdempotencyKey,
  runIdempotent,
  transferOnce,
  withdraw,
  type LedgerClock,
} from '../domain/ledger/index.js';
import { deleteTransaction, updateTransaction } from '../domain/ledger/corrections/index.js';
import { postTransactions } from '../domain/ledger/posting/index.js';
import { reverseTransaction } from '../domain/ledger/reversals/index.js';
import { actorOf, withCheckedSession } from '../plugins/auth.js';
import { ledgerClockOf, type RouteDeps } from './deps.js';
import { registerRoute, type Handler, type RoutePlugin } from './register.js';

/**
 * A deposit's or withdrawal's input, also its idempotency payload: the memo only when there is one,
 * so a key used before memos existed still names the same request.
 */
const singleLegInput = (body: { accountId: string; amount: number; memo: string | null }) => ({
  accountId: body.accountId,
  amountCents: body.amount,
  ...(body.memo ? { memo: body.memo } : {}),
});

/** A money-moving POST: at most once per Idempotency-Key, answered 201 (or the first answer again). */
async function moveMoney<T>(
  { db, clock }: { db: RouteDeps['db']; clock: () => LedgerClock },
  request: FastifyRequest,
  reply: FastifyReply,
  operation: { name: string; payload: unknown },
  work: (tx: Tx, clock: LedgerClock) => Promise<T>,
) {
  const actor = actorOf(request);
  const key = parseIdempotencyKey(request.headers['idempotency-key']);
  const now = clock();
  const idempotent = key ? { key, operation: operation.name, payload: operation.payload } : null;
  const result = await runIdempotent(db, actor, idempotent, 201, (tx) => work(tx, now));
  return reply.code(result.status).send(result.body);
}

/** The calls that move money: a transfer, a deposit, a withdrawal, a single leg. */
export const moneyRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const deps = { db, clock: ledgerClockOf({ clock, config }) };

  registerRoute(
    app,
    calls.transfer,
    async (request, reply) => {
      const { fromAccountId, toAccountId, amount, memo } = request.body;
      const input = { fromAccountId, toAccountId, amountCents: amount, memo };
      // One statement does the session, the key, the locks, the checks and the writes
      // (domain/ledger/transfer.ts); a session it finds out of date is looked up again.
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const result = await withCheckedSession(db, request, (checkSession) =>
        transferOnce(db, deps.clock(), actorOf(request), input, key, { checkSession }),
      );
      return reply.code(result.status as 201).send(result.body);
    },
    { sessionCheckedByStatement: true },
  );

  registerRoute(app, calls.deposit, (request, reply) => {
    const input = singleLegInput(request.body);
    return moveMoney(deps, request, reply, { name: 'deposit', payload: input }, (tx, now) =>
      deposit(tx, now, actorOf(request), input),
    );
  });

  registerRoute(app, calls.withdrawal, (request, reply) => {
    const input = singleLegInput(request.body);
    return moveMoney(deps, request, reply, { name: 'withdrawal', payload: input }, (tx, now) =>
      withdraw(tx, now, actorOf(request), input),
    );
  });

  registerRoute(
    app,
    calls.create,
    (request, reply) => {
      const { accountId, type, description, amount } = request.body;
      const input = { accountId, type, description, amountCents: amount };
      return moveMoney(deps, request, reply, { name: 'create', payload: input }, (tx, now) =>
        createTransaction(tx, now, actorOf(request), input),
      );
    },
    {
      // A USER is refused before the body is read, so validation tells them nothing.
      onRequest: async (request) => {
        if (!isStaff(actorOf(request))) throw forbidden();
      },
    },
  );
};

/** The calls on transactions that exist: list, edit, reverse, delete, and the end-of-day posting. */
/** The reversal's schemas, whoever's path and tier they are under. */
type AnyReverseRoute = Omit<typeof calls.reverse, 'path' | 'tier' | 'tags'> & Route;

/**
 * Reverses a transaction with the reason given: the admin's call and the teacher's (routes/teacher.ts,
 * issue 33) alike; the domain decides who may reverse which.
 */
export const reverseTransactionRoute =
  (db: RouteDeps['db'], clock: () => LedgerClock): Handler<AnyReverseRoute> =>
  async (request, reply) => {
    const { transactionId } = request.params;
    const result = await reverseTransaction(
      db,
      clock(),
      actorOf(request),
      transactionId,
      request.body.reason,
    );
    return reply.code(201).send(result);
  };

export const transactionRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const ledgerClock = ledgerClockOf({ clock, config });

  registerRoute(app, calls.list, async (request, reply) => {
    const page = await listTransactions(db, actorOf(request), request.params.accountId, request.query);
    if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
    return page.transactions;
  });

  registerRoute(app, calls.update, (request) =>
    updateTransaction(db, { now: clock.now() }, actorOf(request), {
      id: request.body.id,
      description: request.body.description,
      transactionDate: request.body.transactionDate,
      amountCents: request.body.amount,
    }),
  );

  registerRoute(app, calls.reverse, reverseTransactionRoute(db, ledgerClock));

  registerRoute(app, calls.delete, async (request, reply) => {
    await deleteTransaction(db, { now: clock.now() }, actorOf(request), request.params.transactionId);
    return reply.code(204).send(null);
  });

  registerRoute(app, calls.post, async (request) => {
    const result = await postTransactions(db, {
      now: clock.now(),
      bankId: actorOf(request).bankId,
      all: true,
      wait: true,
      live: clock,
    });
    return { posted: result.posted };
  });
};
