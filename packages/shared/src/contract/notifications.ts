import { z } from 'zod';
import {
  notificationsAnswer,
  notificationsQuery,
  readNotificationsBody,
  unreadAnswer,
} from '../schemas/notifications.js';
import { route } from './route.js';

/** API.md "Families and notifications": everyone's own notices, listed, marked read, streamed. */
export const notificationCalls = {
  list: route({
    method: 'GET',
    path: '/user/notifications',
    tier: 'user',
    tags: ['notifications'],
    query: notificationsQuery,
    response: { 200: notificationsAnswer },
  }),
  read: route({
    method: 'POST',
    path: '/user/notifications/read',
    tier: 'user',
    tags: ['notifications'],
    body: readNotificationsBody,
    response: { 200: unreadAnswer },
  }),
  stream: route({
    method: 'GET',
    path: '/user/notifications/stream',
    tier: 'user',
    tags: ['notifications'],
    produces: 'text/event-stream',
    response: { 200: z.string().describe('events named `notification`, each a Notification as JSON') },
  }),
};
