import { z } from 'zod';
import { branch, createBranchBody, updateBranchBody } from '../schemas/branches.js';
import { positiveId } from '../schemas/common.js';
import { route } from './route.js';

export const branchCalls = {
  list: route({
    method: 'GET',
    path: '/teller/branches/:bankId',
    tier: 'teller',
    tags: ['branches'],
    params: z.object({ bankId: positiveId }),
    response: { 200: z.array(branch) },
  }),
  create: route({
    method: 'POST',
    path: '/admin/branches/create',
    tier: 'admin',
    tags: ['branches'],
    body: createBranchBody,
    response: { 201: branch },
  }),
  update: route({
    method: 'PUT',
    path: '/admin/branches/update',
    tier: 'admin',
    tags: ['branches'],
    body: updateBranchBody,
    response: { 200: branch },
  }),
  delete: route({
    method: 'DELETE',
    path: '/admin/branches/:branchId/delete',
    tier: 'admin',
    tags: ['branches'],
    params: z.object({ branchId: positiveId }),
    response: { 204: z.null() },
  }),
};
