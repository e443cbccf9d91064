import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  auction,
  auctionsQuery,
  bidBody,
  createAuctionBody,
  updateAuctionBody,
} from '../schemas/auctions.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const byAuction = z.object({ auctionId: positiveId });

/** API.md "The class economy": auctions, whose high bid holds its amount until the end charges it. */
export const auctionCalls = {
  create: route({
    method: 'POST',
    path: '/teller/auctions',
    tier: 'teller',
    tags: ['auctions'],
    body: createAuctionBody,
    response: { 201: auction },
  }),
  update: route({
    method: 'PUT',
    path: '/teller/auctions/:auctionId',
    tier: 'teller',
    tags: ['auctions'],
    params: byAuction,
    body: updateAuctionBody,
    response: { 200: auction },
  }),
  cancel: route({
    method: 'POST',
    path: '/teller/auctions/:auctionId/cancel',
    tier: 'teller',
    tags: ['auctions'],
    params: byAuction,
    response: { 200: auction },
  }),
  list: route({
    method: 'GET',
    path: '/user/auctions/:bankId',
    tier: 'user',
    tags: ['auctions'],
    params: z.object({ bankId: positiveId }),
    query: auctionsQuery,
    response: { 200: z.array(auction) },
  }),
  bid: route({
    method: 'POST',
    path: '/user/auctions/:auctionId/bids',
    tier: 'student',
    tags: ['auctions'],
    headers: idempotencyHeaders,
    params: byAuction,
    body: bidBody,
    response: { 201: auction },
  }),
};
