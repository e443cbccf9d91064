import { z } from 'zod';
import { account, createAccountBody } from '../schemas/accounts.js';
import { accountNumber, pathText, positiveId } from '../schemas/common.js';
import { bankAccountsQuery } from '../schemas/paging.js';
import { route } from './route.js';

export const accountCalls = {
  ofUser: route({
    method: 'GET',
    path: '/user/accounts/user/:username',
    tier: 'user',
    tags: ['accounts'],
    params: z.object({ username: pathText('User Id') }),
    response: { 200: z.array(account) },
  }),
  ofBank: route({
    method: 'GET',
    path: '/teller/accounts/bank/:bankId',
    description:
      'A cursor must be the X-Next-Cursor this list gave: a cursor naming no row of the bank is a 400.',
    tier: 'teller',
    tags: ['accounts'],
    summary:
      'Without limit every open account; with q, limit and cursor a page, oldest first (X-Next-Cursor, X-Total-Count)',
    params: z.object({ bankId: positiveId }),
    query: bankAccountsQuery,
    response: { 200: z.array(account) },
  }),
  create: route({
    method: 'POST',
    path: '/admin/accounts/create',
    description: 'Names the owner by userId or username (one of them is required).',
    tier: 'admin',
    tags: ['accounts'],
    body: createAccountBody,
    response: { 201: account },
  }),
  close: route({
    method: 'DELETE',
    path: '/admin/accounts/:accountId/delete',
    tier: 'admin',
    tags: ['accounts'],
    summary: 'Closes the account (kept for history); only when empty with nothing pending',
    params: z.object({ accountId: accountNumber }),
    response: { 204: z.null() },
  }),
};
