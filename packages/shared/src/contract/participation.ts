import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  bankerRequest,
  bankerRequestsQuery,
  classmate,
  createGoalBody,
  createRequestBody,
  goal,
  rejectBody,
  requestPreview,
  requestsQuery,
  staffRequest,
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
    tier: 'student',
    tags: ['requests'],
    headers: idempotencyHeaders,
    body: createRequestBody,
    response: { 201: bankerRequest },
  }),
  preview: route({
    method: 'POST',
    path: '/user/requests/preview',
    tier: 'student',
    tags: ['requests'],
    body: createRequestBody,
    response: { 200: requestPreview },
  }),
  classmates: route({
    method: 'GET',
    path: '/user/classmates/:username',
    tier: 'student',
    tags: ['requests'],
    params: byUsername,
    query: z.object({ q: searchText }),
    response: { 200: z.array(classmate) },
  }),
  ofBanker: route({
    method: 'GET',
    path: '/user/requests/:username',
    tier: 'user',
    tags: ['requests'],
    params: byUsername,
    query: bankerRequestsQuery,
    response: { 200: z.array(bankerRequest) },
  }),
  cancel: route({
    method: 'POST',
    path: '/user/requests/:requestId/cancel',
    tier: 'student',
    tags: ['requests'],
    params: byRequest,
    response: { 200: bankerRequest },
  }),
  ofBank: route({
    method: 'GET',
    path: '/teller/requests/:bankId',
    tier: 'teller',
    tags: ['requests'],
    params: z.object({ bankId: positiveId }),
    query: requestsQuery,
    response: { 200: z.array(staffRequest) },
  }),
  approve: route({
    method: 'POST',
    path: '/teller/requests/:requestId/approve',
    tier: 'teller',
    tags: ['requests'],
    params: byRequest,
    response: { 200: staffRequest },
  }),
  reject: route({
    method: 'POST',
    path: '/teller/requests/:requestId/reject',
    tier: 'teller',
    tags: ['requests'],
    params: byRequest,
    body: rejectBody,
    response: { 200: staffRequest },
  }),
};

/** API.md "Students who take part": savings goals. */
export const goalCalls = {
  create: route({
    method: 'POST',
    path: '/user/goals',
    tier: 'student',
    tags: ['goals'],
    body: createGoalBody,
    response: { 201: goal },
  }),
  ofUser: route({
    method: 'GET',
    path: '/user/goals/:username',
    tier: 'user',
    tags: ['goals'],
    params: byUsername,
    response: { 200: z.array(goal) },
  }),
  update: route({
    method: 'PUT',
    path: '/user/goals/:goalId',
    tier: 'student',
    tags: ['goals'],
    params: byGoal,
    body: updateGoalBody,
    response: { 200: goal },
  }),
  delete: route({
    method: 'DELETE',
    path: '/user/goals/:goalId',
    tier: 'student',
    tags: ['goals'],
    params: byGoal,
    response: { 204: z.null() },
  }),
};
