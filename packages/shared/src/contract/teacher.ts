import { z } from 'zod';
import { reverseBatchBody, reverseBatchResult } from '../schemas/classroom.js';
import { positiveId } from '../schemas/common.js';
import { bankerBody, slipsBody, slipsResult, studentGoals, studentGoalsQuery } from '../schemas/teacher.js';
import { pathText } from '../schemas/text.js';
import { reverseBody, reverseResult, transactionId } from '../schemas/transactions.js';
import { user } from '../schemas/users.js';
import { route } from './route.js';

const byUsername = z.object({ username: pathText('User Id') });

/**
 * API.md "Teachers without dead ends": what a teacher (a TELLER) does for the Students of their own
 * branch when the bank's setting allows it, and an ADMIN for any Student of the bank. The /admin/
 * calls of the same names stay ADMIN only.
 */
export const teacherCalls = {
  reverseTransaction: route({
    method: 'POST',
    path: '/teller/transactions/:transactionId/reverse',
    tier: 'teller',
    tags: ['teachers'],
    params: z.object({ transactionId }),
    body: reverseBody,
    response: { 201: reverseResult },
  }),
  reversePayday: route({
    method: 'POST',
    path: '/teller/batches/:batchId/reverse',
    tier: 'teller',
    tags: ['teachers'],
    params: z.object({ batchId: z.uuid() }),
    body: reverseBatchBody,
    response: { 201: reverseBatchResult },
  }),
  resetPassword: route({
    method: 'POST',
    path: '/teller/users/:username/resetPassword',
    tier: 'teller',
    tags: ['teachers'],
    params: byUsername,
    produces: 'text/plain',
    response: { 200: z.string() },
  }),
  setBanker: route({
    method: 'PUT',
    path: '/teller/users/:username/banker',
    tier: 'teller',
    tags: ['teachers'],
    params: byUsername,
    body: bankerBody,
    response: { 200: user },
  }),
  slips: route({
    method: 'POST',
    path: '/teller/students/slips',
    tier: 'teller',
    tags: ['teachers'],
    body: slipsBody,
    response: { 201: slipsResult },
  }),
  studentGoals: route({
    method: 'GET',
    path: '/teller/students/:bankId/goals',
    tier: 'teller',
    tags: ['teachers'],
    params: z.object({ bankId: positiveId }),
    query: studentGoalsQuery,
    response: { 200: z.array(studentGoals) },
  }),
};
