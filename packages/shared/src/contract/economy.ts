import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  award,
  boardJob,
  createAwardBody,
  createJobBody,
  giveAwardBody,
  giveAwardResult,
  job,
  updateAwardBody,
  updateJobBody,
} from '../schemas/economy.js';
import { pathText } from '../schemas/text.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const byBank = z.object({ bankId: positiveId });
const byJob = z.object({ jobId: positiveId });
const byAward = z.object({ awardId: positiveId });
const byUsername = z.object({ username: pathText('User Id') });

/** API.md "The class economy": class jobs and their holders. */
export const jobCalls = {
  create: route({
    method: 'POST',
    path: '/teller/jobs',
    tier: 'teller',
    tags: ['economy'],
    body: createJobBody,
    response: { 201: job },
  }),
  list: route({
    method: 'GET',
    path: '/teller/jobs/:bankId',
    tier: 'teller',
    tags: ['economy'],
    params: byBank,
    response: { 200: z.array(job) },
  }),
  update: route({
    method: 'PUT',
    path: '/teller/jobs/:jobId',
    tier: 'teller',
    tags: ['economy'],
    params: byJob,
    body: updateJobBody,
    response: { 200: job },
  }),
  delete: route({
    method: 'DELETE',
    path: '/teller/jobs/:jobId',
    tier: 'teller',
    tags: ['economy'],
    params: byJob,
    response: { 204: z.null() },
  }),
  ofUser: route({
    method: 'GET',
    path: '/user/jobs/:username',
    tier: 'user',
    tags: ['economy'],
    params: byUsername,
    response: { 200: z.array(job) },
  }),
  board: route({
    method: 'GET',
    path: '/user/jobBoard/:username',
    tier: 'user',
    tags: ['economy'],
    params: byUsername,
    response: { 200: z.array(boardJob) },
  }),
};

/** API.md "The class economy": awards, the teacher's bonus and fine buttons. */
export const awardCalls = {
  create: route({
    method: 'POST',
    path: '/teller/awards',
    tier: 'teller',
    tags: ['economy'],
    body: createAwardBody,
    response: { 201: award },
  }),
  list: route({
    method: 'GET',
    path: '/teller/awards/:bankId',
    tier: 'teller',
    tags: ['economy'],
    params: byBank,
    response: { 200: z.array(award) },
  }),
  update: route({
    method: 'PUT',
    path: '/teller/awards/:awardId',
    tier: 'teller',
    tags: ['economy'],
    params: byAward,
    body: updateAwardBody,
    response: { 200: award },
  }),
  delete: route({
    method: 'DELETE',
    path: '/teller/awards/:awardId',
    tier: 'teller',
    tags: ['economy'],
    params: byAward,
    response: { 204: z.null() },
  }),
  give: route({
    method: 'POST',
    path: '/teller/awards/:awardId/give',
    tier: 'teller',
    tags: ['economy'],
    params: byAward,
    headers: idempotencyHeaders,
    body: giveAwardBody,
    response: { 201: giveAwardResult },
  }),
};
