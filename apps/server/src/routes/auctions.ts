import { auctionCalls } from '@bank/shared';
import {
  cancelAuction,
  createAuction,
  listAuctions,
  placeBid,
  updateAuction,
} from '../domain/auctions/index.js';
import { parseIdempotencyKey } from '../domain/ledger/index.js';
import { actorOf, withCheckedSession } from '../plugins/auth.js';
import { registerRoute, type RoutePlugin } from './register.js';

/** API.md "The class economy": auctions. */
export const auctionRoutes: RoutePlugin = async (app, { db, clock }) => {
  registerRoute(app, auctionCalls.create, async (request, reply) => {
    const { startingBid, minIncrement, ...fields } = request.body;
    const input = { ...fields, startingBidCents: startingBid, minIncrementCents: minIncrement };
    const made = await createAuction(db, actorOf(request), input, clock.now());
    return reply.code(201).send(made);
  });

  registerRoute(app, auctionCalls.update, (request) => {
    const { startingBid, minIncrement, ...fields } = request.body;
    const changes = { ...fields, startingBidCents: startingBid, minIncrementCents: minIncrement };
    return updateAuction(db, actorOf(request), request.params.auctionId, changes, clock.now());
  });

  registerRoute(app, auctionCalls.cancel, (request) =>
    cancelAuction(db, actorOf(request), request.params.auctionId, clock.now()),
  );

  registerRoute(app, auctionCalls.list, (request) =>
    listAuctions(db, actorOf(request), request.params.bankId, request.query.status),
  );

  registerRoute(
    app,
    auctionCalls.bid,
    async (request, reply) => {
      const key = parseIdempotencyKey(request.headers['idempotency-key']);
      const { accountId, amount } = request.body;
      const input = { accountId, amountCents: amount };
      // One statement does the session, the key, the locks, the checks and the writes
      // (domain/auctions/place-bid.ts); a session it finds out of date is looked up again.
      const result = await withCheckedSession(db, request, (checkSession) =>
        placeBid(db, actorOf(request), request.params.auctionId, input, key, clock.now(), { checkSession }),
      );
      return reply.code(201).send(result.body);
    },
    { sessionCheckedByStatement: true },
  );
};
