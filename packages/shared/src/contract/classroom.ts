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
    description:
      'Each account at most once in items (a repeat is a 400 naming it); a withdrawal that would overdraw is a 409.',
    tier: 'teller',
    tags: ['classroom'],
    summary: 'Class payday: one deposit or withdrawal per item, all or nothing',
    headers: idempotencyHeaders,
    body: batchBody,
    response: { 201: batchResult },
  }),
  previewPayday: route({
    method: 'POST',
    path: '/teller/batches/preview',
    description:
      'Each account at most once in items (a repeat is a 400 naming it); a withdrawal that would overdraw is a 409.',
    tier: 'teller',
    tags: ['classroom'],
    summary: "A payday's effect on each account, writing nothing",
    body: batchBody,
    response: { 200: batchPreview },
  }),
  paydays: route({
    method: 'GET',
    path: '/teller/batches/:bankId',
    tier: 'teller',
    tags: ['classroom'],
    summary: "The bank's paydays, newest first",
    params: byBank,
    response: { 200: z.array(batchSummary) },
  }),
  paydayDetail: route({
    method: 'GET',
    path: '/teller/batches/:bankId/:batchId',
    tier: 'teller',
    tags: ['classroom'],
    summary: 'One payday and each of its payments with its student, in item order',
    params: z.object({ bankId: positiveId, batchId: z.uuid() }),
    response: { 200: batchDetail },
  }),
  reversePayday: route({
    method: 'POST',
    path: '/admin/batches/:batchId/reverse',
    tier: 'admin',
    tags: ['classroom'],
    summary: 'Reverse a whole payday, or the chosen accounts of it, as one new payday: all or nothing',
    params: z.object({ batchId: z.uuid() }),
    body: reverseBatchBody,
    response: { 201: reverseBatchResult },
  }),
  students: route({
    method: 'GET',
    path: '/teller/students/:bankId',
    description:
      'A cursor must be the X-Next-Cursor this list gave: a cursor naming no row of the bank is a 400.',
    tier: 'teller',
    tags: ['classroom'],
    summary:
      "The bank's Students with their open accounts, by name; filter by branch, search by q; with limit and cursor a page (X-Next-Cursor, X-Total-Count)",
    params: byBank,
    query: studentsQuery,
    response: { 200: z.array(student) },
  }),
  importRoster: route({
    method: 'POST',
    path: '/admin/users/import',
    description:
      "text/csv (UTF-8) with the header row `username,name,branch,accounts` and up to 1000 rows, all Students: username a User Id (3 to 32 of A-Z a-z 0-9 . _ -, not taken, not twice in the file), name not blank (the text rule), branch the name or id of one of the bank's branches, accounts `CHECKING`, `SAVINGS`, `CHECKING;SAVINGS` or empty. Any invalid row is a 400 with fields keyed `rows.{line}`, and nothing is written.",
    tier: 'admin',
    tags: ['classroom'],
    summary:
      'text/csv body "username,name,branch,accounts": ?dryRun=true checks (200); otherwise creates all (201) or nothing (400)',
    consumes: 'text/csv',
    query: importQuery,
    body: z.string(),
    response: { 200: importCheck, 201: importResult },
  }),
};
