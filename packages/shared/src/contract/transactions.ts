import { z } from 'zod';
import { limits } from '../constants.js';
import { messages } from '../messages.js';
import { accountNumber } from '../schemas/common.js';
import {
  createTransactionBody,
  depositBody,
  postingResult,
  reverseBody,
  reverseResult,
  transaction,
  transactionId,
  transactionPageQuery,
  transferBody,
  transferResult,
  updateTransactionBody,
  withdrawalBody,
} from '../schemas/transactions.js';
import { route } from './route.js';

/** A money-moving POST is done at most once per key. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1, messages.idempotencyKeyInvalid)
    .max(limits.idempotencyKeyMaxLength, messages.idempotencyKeyInvalid)
    // Visible ASCII: what an HTTP header carries unchanged (a UUID, "payday-week-3").
    .regex(/^[\x21-\x7E]*$/, messages.idempotencyKeyInvalid)
    .optional()
    .describe('1 to 64 visible ASCII characters; a repeat returns the first answer and moves no money'),
});

export const transactionCalls = {
  transfer: route({
    method: 'POST',
    path: '/user/transfers',
    tier: 'user',
    tags: ['transactions'],
    headers: idempotencyHeaders,
    body: transferBody,
    response: { 201: transferResult },
  }),
  deposit: route({
    method: 'POST',
    path: '/teller/deposits',
    tier: 'teller',
    tags: ['transactions'],
    headers: idempotencyHeaders,
    body: depositBody,
    response: { 201: transaction },
  }),
  withdrawal: route({
    method: 'POST',
    path: '/teller/withdrawals',
    tier: 'teller',
    tags: ['transactions'],
    headers: idempotencyHeaders,
    body: withdrawalBody,
    response: { 201: transaction },
  }),
  /** Staff only, although under /user (a Student is refused before the body is read). */
  create: route({
    method: 'POST',
    path: '/user/transactions/create',
    tier: 'user',
    tags: ['transactions'],
    headers: idempotencyHeaders,
    body: createTransactionBody,
    response: { 201: transaction },
  }),
  list: route({
    method: 'GET',
    path: '/user/transactions/:accountId',
    tier: 'user',
    tags: ['transactions'],
    params: z.object({ accountId: accountNumber }),
    query: transactionPageQuery,
    response: { 200: z.array(transaction) },
  }),
  update: route({
    method: 'PUT',
    path: '/admin/transactions/update',
    tier: 'admin',
    tags: ['transactions'],
    body: updateTransactionBody,
    response: { 200: transaction },
  }),
  delete: route({
    method: 'DELETE',
    path: '/admin/transactions/:transactionId/delete',
    tier: 'admin',
    tags: ['transactions'],
    params: z.object({ transactionId }),
    response: { 204: z.null() },
  }),
  reverse: route({
    method: 'POST',
    path: '/admin/transactions/:transactionId/reverse',
    tier: 'admin',
    tags: ['transactions'],
    params: z.object({ transactionId }),
    body: reverseBody,
    response: { 201: reverseResult },
  }),
  post: route({
    method: 'POST',
    path: '/admin/transactions/post',
    tier: 'admin',
    tags: ['transactions'],
    response: { 200: postingResult },
  }),
};
