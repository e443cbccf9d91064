import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  createScheduleBody,
  schedule,
  schedulePreview,
  runsQuery,
  scheduleRun,
  updateScheduleBody,
} from '../schemas/schedules.js';
import { route } from './route.js';
import { idempotencyHeaders } from './transactions.js';

const bySchedule = z.object({ scheduleId: positiveId });

/** API.md "The school year": paydays and bills that run themselves. */
export const scheduleCalls = {
  create: route({
    method: 'POST',
    path: '/teller/schedules',
    tier: 'teller',
    tags: ['schedules'],
    body: createScheduleBody,
    response: { 201: schedule },
  }),
  list: route({
    method: 'GET',
    path: '/teller/schedules/:bankId',
    tier: 'teller',
    tags: ['schedules'],
    params: z.object({ bankId: positiveId }),
    response: { 200: z.array(schedule) },
  }),
  update: route({
    method: 'PUT',
    path: '/teller/schedules/:scheduleId',
    tier: 'teller',
    tags: ['schedules'],
    params: bySchedule,
    body: updateScheduleBody,
    response: { 200: schedule },
  }),
  delete: route({
    method: 'DELETE',
    path: '/teller/schedules/:scheduleId',
    tier: 'teller',
    tags: ['schedules'],
    params: bySchedule,
    response: { 204: z.null() },
  }),
  preview: route({
    method: 'GET',
    path: '/teller/schedules/:scheduleId/preview',
    tier: 'teller',
    tags: ['schedules'],
    params: bySchedule,
    response: { 200: schedulePreview },
  }),
  previewTerms: route({
    method: 'POST',
    path: '/teller/schedules/preview',
    tier: 'teller',
    tags: ['schedules'],
    body: createScheduleBody,
    response: { 200: schedulePreview },
  }),
  runs: route({
    method: 'GET',
    path: '/teller/schedules/:scheduleId/runs',
    tier: 'teller',
    tags: ['schedules'],
    params: bySchedule,
    query: runsQuery,
    response: { 200: z.array(scheduleRun) },
  }),
  runNow: route({
    method: 'POST',
    path: '/teller/schedules/:scheduleId/runNow',
    tier: 'teller',
    tags: ['schedules'],
    params: bySchedule,
    headers: idempotencyHeaders,
    response: { 201: scheduleRun },
  }),
};
