import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  bankerRequest,
  classmate,
  createGoalBody,
  createRequestBody,
  goal,
  rejectBody,
  requestPreview,
  requestsQuery,
  updateGoalBody,
} from '../schemas/participation.js';
import { searchText } from '../schemas/paging.js';
import { pathText } from '../schemas/text.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const byUsername = z.object({ username: pathText('User Id') });
const byRequest = z.object({ requestId: positiveId });
const byGoal = z.object({ goalId: positiveId });

/** API.md "Students who take part": class bankers' requests and the teacher's decisions. */
export const requestCalls = {
  create: route({
    method: 'POST',
    path: '/user/requests',
    tier: 'user',
    tags: ['requests'],
    summary:
      "A class banker asks to deposit to or withdraw from a classmate's account; approved at once up to the bank's limit",
    headers: idempotencyHeaders,
    body: createRequestBody,
    response: { 201: bankerRequest },
  }),
  preview: route({
    method: 'POST',
    path: '/user/requests/preview',
    tier: 'user',
    tags: ['requests'],
    summary:
      'What a request would do: whose account, whether it can pay, whether it is approved at once; writes nothing',
    body: createRequestBody,
    response: { 200: requestPreview },
  }),
  classmates: route({
    method: 'GET',
    path: '/user/classmates/:username',
    tier: 'user',
    tags: ['requests'],
    summary: "A banker's classmates (their branch's other Students) with their open accounts, no balances",
    params: byUsername,
    query: z.object({ q: searchText }),
    response: { 200: z.array(classmate) },
  }),
  ofBanker: route({
    method: 'GET',
    path: '/user/requests/:username',
    tier: 'user',
    tags: ['requests'],
    summary: 'The requests a banker made, newest first',
    params: byUsername,
    response: { 200: z.array(bankerRequest) },
  }),
  cancel: route({
    method: 'POST',
    path: '/user/requests/:requestId/cancel',
    tier: 'user',
    tags: ['requests'],
    summary: 'The banker who made it takes back a waiting request; its hold is released',
    params: byRequest,
    response: { 200: bankerRequest },
  }),
  ofBank: route({
    method: 'GET',
    path: '/teller/requests/:bankId',
    tier: 'teller',
    tags: ['requests'],
    summary: "The bank's requests, oldest waiting first",
    params: z.object({ bankId: positiveId }),
    query: requestsQuery,
    response: { 200: z.array(bankerRequest) },
  }),
  approve: route({
    method: 'POST',
    path: '/teller/requests/:requestId/approve',
    tier: 'teller',
    tags: ['requests'],
    summary: "Approve a waiting request: its money moves as a teller's deposit or withdrawal would",
    params: byRequest,
    response: { 200: bankerRequest },
  }),
  reject: route({
    method: 'POST',
    path: '/teller/requests/:requestId/reject',
    tier: 'teller',
    tags: ['requests'],
    summary: 'Reject a waiting request with a reason; its hold is released',
    params: byRequest,
    body: rejectBody,
    response: { 200: bankerRequest },
  }),
};

/** API.md "Students who take part": savings goals. */
export const goalCalls = {
  create: route({
    method: 'POST',
    path: '/user/goals',
    description: 'accountId must be a savings account (a 400 otherwise); at most 5 goals an account (409).',
    tier: 'user',
    tags: ['goals'],
    summary: 'A Student sets a goal on one of their savings accounts (at most 5 an account)',
    body: createGoalBody,
    response: { 201: goal },
  }),
  ofUser: route({
    method: 'GET',
    path: '/user/goals/:username',
    tier: 'user',
    tags: ['goals'],
    summary: "A Student's goals with their progress and pace",
    params: byUsername,
    response: { 200: z.array(goal) },
  }),
  update: route({
    method: 'PUT',
    path: '/user/goals/:goalId',
    tier: 'user',
    tags: ['goals'],
    params: byGoal,
    body: updateGoalBody,
    description: 'At least one field must be sent.',
    response: { 200: goal },
  }),
  delete: route({
    method: 'DELETE',
    path: '/user/goals/:goalId',
    tier: 'user',
    tags: ['goals'],
    params: byGoal,
    response: { 204: z.null() },
  }),
};
