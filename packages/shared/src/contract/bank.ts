import { z } from 'zod';
import { bankSettings, updateBankBody } from '../schemas/bank.js';
import { positiveId } from '../schemas/common.js';
import { route } from './route.js';

export const bankCalls = {
  get: route({
    method: 'GET',
    path: '/user/bank/:bankId',
    tier: 'user',
    tags: ['bank'],
    params: z.object({ bankId: positiveId }),
    response: { 200: bankSettings },
  }),
  update: route({
    method: 'PUT',
    path: '/admin/bank/update',
    tier: 'admin',
    tags: ['bank'],
    body: updateBankBody,
    response: { 200: bankSettings },
  }),
};
