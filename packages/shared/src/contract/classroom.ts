import { z } from 'zod';
import {
  batchBody,
  batchDetail,
  batchPreview,
  batchResult,
  batchSummary,
  importCheck,
  importQuery,
  importResult,
  reverseBatchBody,
  reverseBatchResult,
  student,
  studentsQuery,
} from '../schemas/classroom.js';
import { positiveId } from '../schemas/common.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const byBank = z.object({ bankId: positiveId });

/** The classroom tools of API.md "Classroom tools": class payday, the students roster, roster import. */
export const classroomCalls = {
  payday: route({
    method: 'POST',
    path: '/teller/batches',
    tier: 'teller',
    tags: ['classroom'],
    headers: idempotencyHeaders,
    body: batchBody,
    response: { 201: batchResult },
  }),
  previewPayday: route({
    method: 'POST',
    path: '/teller/batches/preview',
    tier: 'teller',
    tags: ['classroom'],
    body: batchBody,
    response: { 200: batchPreview },
  }),
  paydays: route({
    method: 'GET',
    path: '/teller/batches/:bankId',
    tier: 'teller',
    tags: ['classroom'],
    params: byBank,
    response: { 200: z.array(batchSummary) },
  }),
  paydayDetail: route({
    method: 'GET',
    path: '/teller/batches/:bankId/:batchId',
    tier: 'teller',
    tags: ['classroom'],
    params: z.object({ bankId: positiveId, batchId: z.uuid() }),
    response: { 200: batchDetail },
  }),
  reversePayday: route({
    method: 'POST',
    path: '/admin/batches/:batchId/reverse',
    tier: 'admin',
    tags: ['classroom'],
    params: z.object({ batchId: z.uuid() }),
    body: reverseBatchBody,
    response: { 201: reverseBatchResult },
  }),
  students: route({
    method: 'GET',
    path: '/teller/students/:bankId',
    tier: 'teller',
    tags: ['classroom'],
    params: byBank,
    query: studentsQuery,
    response: { 200: z.array(student) },
  }),
  importRoster: route({
    method: 'POST',
    path: '/admin/users/import',
    tier: 'admin',
    tags: ['classroom'],
    consumes: 'text/csv',
    query: importQuery,
    body: z.string(),
    response: { 200: importCheck, 201: importResult },
  }),
};
