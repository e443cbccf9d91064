import { storeCalls } from '@bank/shared';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import {
  cancelOrder,
  createItem,
  deleteItem,
  fulfilOrder,
  listItems,
  listOrdersOf,
  listOrdersOfBank,
  placeOrder,
  refundOrder,
  updateItem,
} from '../domain/store/index.js';
import { actorOf, withCheckedSession } from '../plugins/auth.js';
import { ledgerClockOf } from './deps.js';
import { sendPage } from './page.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** API.md "The class economy": the class store. */
export const storeRoutes: RoutePlugin = async (app, { db, config, clock }) => {
  const ledgerClock = ledgerClockOf({ clock, config });

  registerRoute(app, storeCalls.createItem, async (request, reply) => {
    const { price, ...fields } = request.body;
    const item = await createItem(db, actorOf(request), { ...fields, priceCents: price }, clock.now());
    return reply.code(201).send(item);
  });

  registerRoute(app, storeCalls.updateItem, (request) => {
    const { price, ...fields } = request.body;
    return updateItem(db, actorOf(request), request.params.itemId, { ...fields, priceCents: price });
  });

  registerRoute(app, storeCalls.deleteItem, async (request, reply) => {
    await deleteItem(db, actorOf(request), request.params.itemId, clock.now());
    return reply.code(204).send(null);
  });

  registerRoute(app, storeCalls.items, (request) => listItems(db, actorOf(request), request.params.bankId));

  registerRoute(
    app,
    storeCalls.order,
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { itemId, accountId } = request.body;
      // One statement does the session, the key, the locks, the checks and the writes
      // (domain/store/place-order.ts); a session it finds out of date is looked up again.
      const result = await withCheckedSession(db, request, (checkSession) =>
        placeOrder(db, actorOf(request), { itemId, accountId }, key, clock.now(), { checkSession }),
      );
      return reply.code(201).send(result.body);
    },
    { sessionCheckedByStatement: true },
  );

  registerRoute(app, storeCalls.ordersOf, async (request, reply) =>
    sendPage(reply, await listOrdersOf(db, actorOf(request), request.params.username, request.query)),
  );

  registerRoute(app, storeCalls.cancel, (request) =>
    cancelOrder(db, actorOf(request), request.params.orderId, clock.now()),
  );

  registerRoute(app, storeCalls.ordersOfBank, async (request, reply) => {
    const { status, ...page } = request.query;
    return sendPage(reply, await listOrdersOfBank(db, actorOf(request), request.params.bankId, status, page));
  });

  registerRoute(app, storeCalls.fulfil, (request) =>
    fulfilOrder(db, ledgerClock(), actorOf(request), request.params.orderId),
  );

  registerRoute(app, storeCalls.refund, (request) =>
    refundOrder(db, actorOf(request), request.params.orderId, request.body.reason, clock.now()),
  );
};
