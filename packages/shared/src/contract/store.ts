import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  createItemBody,
  createOrderBody,
  ordersQuery,
  refundBody,
  storeItem,
  storeOrder,
  studentOrdersQuery,
  updateItemBody,
} from '../schemas/store.js';
import { pathText } from '../schemas/text.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const byItem = z.object({ itemId: positiveId });
const byOrder = z.object({ orderId: positiveId });
const byBank = z.object({ bankId: positiveId });

/** API.md "The class economy": the class store, its items and the orders that hold their price. */
export const storeCalls = {
  createItem: route({
    method: 'POST',
    path: '/teller/items',
    tier: 'teller',
    tags: ['store'],
    body: createItemBody,
    response: { 201: storeItem },
  }),
  updateItem: route({
    method: 'PUT',
    path: '/teller/items/:itemId',
    tier: 'teller',
    tags: ['store'],
    params: byItem,
    body: updateItemBody,
    response: { 200: storeItem },
  }),
  deleteItem: route({
    method: 'DELETE',
    path: '/teller/items/:itemId',
    tier: 'teller',
    tags: ['store'],
    params: byItem,
    response: { 204: z.null() },
  }),
  items: route({
    method: 'GET',
    path: '/user/items/:bankId',
    tier: 'user',
    tags: ['store'],
    params: byBank,
    response: { 200: z.array(storeItem) },
  }),
  order: route({
    method: 'POST',
    path: '/user/orders',
    tier: 'student',
    tags: ['store'],
    headers: idempotencyHeaders,
    body: createOrderBody,
    response: { 201: storeOrder },
  }),
  ordersOf: route({
    method: 'GET',
    path: '/user/orders/:username',
    tier: 'user',
    tags: ['store'],
    params: z.object({ username: pathText('User Id') }),
    query: studentOrdersQuery,
    response: { 200: z.array(storeOrder) },
  }),
  cancel: route({
    method: 'POST',
    path: '/user/orders/:orderId/cancel',
    tier: 'student',
    tags: ['store'],
    params: byOrder,
    response: { 200: storeOrder },
  }),
  ordersOfBank: route({
    method: 'GET',
    path: '/teller/orders/:bankId',
    tier: 'teller',
    tags: ['store'],
    params: byBank,
    query: ordersQuery,
    response: { 200: z.array(storeOrder) },
  }),
  fulfil: route({
    method: 'POST',
    path: '/teller/orders/:orderId/fulfil',
    tier: 'teller',
    tags: ['store'],
    params: byOrder,
    response: { 200: storeOrder },
  }),
  refund: route({
    method: 'POST',
    path: '/teller/orders/:orderId/refund',
    tier: 'teller',
    tags: ['store'],
    params: byOrder,
    body: refundBody,
    response: { 200: storeOrder },
  }),
};
