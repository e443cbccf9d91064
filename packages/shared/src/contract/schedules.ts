import { z } from 'zod';
import { positiveId } from '../schemas/common.js';
import {
  createScheduleBody,
  schedule,
  schedulePreview,
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
    description: "Each account at most once in accountIds; startDate today or later in the bank's time zone.",
    tier: 'teller',
    tags: ['schedules'],
    summary: "A payday or bill that runs on its own at 06:00 in the bank's time zone",
    body: createScheduleBody,
    response: { 201: schedule },
  }),
  list: route({
    method: 'GET',
    path: '/teller/schedules/:bankId',
    tier: 'teller',
    tags: ['schedules'],
    summary: "The bank's schedules, by next run (paused ones last)",
    params: z.object({ bankId: positiveId }),
    response: { 200: z.array(schedule) },
  }),
  update: route({
    method: 'PUT',
    path: '/teller/schedules/:scheduleId',
    tier: 'teller',
    tags: ['schedules'],
    summary: 'Change any field, or pause and resume (active); changes only future runs',
    description: 'At least one field must be sent.',
    params: bySchedule,
    body: updateScheduleBody,
    response: { 200: schedule },
  }),
  delete: route({
    method: 'DELETE',
    path: '/teller/schedules/:scheduleId',
    tier: 'teller',
    tags: ['schedules'],
    summary: 'No more runs; its runs stay in the history',
    params: bySchedule,
    response: { 204: z.null() },
  }),
  preview: route({
    method: 'GET',
    path: '/teller/schedules/:scheduleId/preview',
    tier: 'teller',
    tags: ['schedules'],
    summary: 'The next run as a payday preview, and when it would run; writes nothing',
    params: bySchedule,
    response: { 200: schedulePreview },
  }),
  previewTerms: route({
    method: 'POST',
    path: '/teller/schedules/preview',
    description: "Each account at most once in accountIds; startDate today or later in the bank's time zone.",
    tier: 'teller',
    tags: ['schedules'],
    summary:
      "A schedule's next run before it is saved (the form's terms), as a payday preview; writes nothing",
    body: createScheduleBody,
    response: { 200: schedulePreview },
  }),
  runs: route({
    method: 'GET',
    path: '/teller/schedules/:scheduleId/runs',
    tier: 'teller',
    tags: ['schedules'],
    summary: 'Every run, newest first, with who was left out or cut and why',
    params: bySchedule,
    response: { 200: z.array(scheduleRun) },
  }),
  runNow: route({
    method: 'POST',
    path: '/teller/schedules/:scheduleId/runNow',
    tier: 'teller',
    tags: ['schedules'],
    summary: 'An extra run now (the regular ones stay where they are)',
    params: bySchedule,
    headers: idempotencyHeaders,
    response: { 201: scheduleRun },
  }),
};
