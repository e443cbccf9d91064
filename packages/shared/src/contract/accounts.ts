import { z } from 'zod';
import { account, bankAccount, createAccountBody } from '../schemas/accounts.js';
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
    tier: 'teller',
    tags: ['accounts'],
    params: z.object({ bankId: positiveId }),
    query: bankAccountsQuery,
    response: { 200: z.array(bankAccount) },
  }),
  create: route({
    method: 'POST',
    path: '/admin/accounts/create',
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
    params: z.object({ accountId: accountNumber }),
    response: { 204: z.null() },
  }),
};
