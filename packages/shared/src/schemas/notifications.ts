import { z } from 'zod';
import { messages } from '../messages.js';
import { NOTIFICATION_KINDS, notificationLimits, notificationMessages } from '../notification-text.js';
import { pageLimitOf } from './paging.js';

/** API.md "Families and notifications": a notice to one person, its text ready to show. */
export const notification = z.object({
  id: z.number().int().positive(),
  kind: z.enum(NOTIFICATION_KINDS),
  text: z.string(),
  /** Where the notice takes its reader in the web app (a path), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.output<typeof notification>;

/** GET /user/notifications: newest first, a page at a time; `unread=true` for the unread only. */
export const notificationsQuery = z.object({
  unread: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .describe('true: only the unread'),
  limit: pageLimitOf(notificationLimits.pageDefault, notificationLimits.pageMax),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, messages.pageCursorInvalid)
    .optional()
    .describe('X-Next-Cursor: the id of the last row'),
});

export const notificationsAnswer = z.object({
  items: z.array(notification),
  /** Every unread notice of the reader, not only this page's. */
  unread: z.number().int().nonnegative(),
});
export type NotificationsAnswer = z.output<typeof notificationsAnswer>;

const noticeId = z.coerce
  .number({ error: notificationMessages.readWhich })
  .int({ error: notificationMessages.readWhich })
  .positive({ error: notificationMessages.readWhich })
  .max(Number.MAX_SAFE_INTEGER, { error: notificationMessages.readWhich });

/** POST /user/notifications/read: some notices by id, or all of them. */
export const readNotificationsBody = z.union(
  [
    z
      .object({
        ids: z
          .array(noticeId, { error: notificationMessages.readWhich })
          .min(1, notificationMessages.readWhich)
          .max(notificationLimits.readIdsMax, notificationMessages.readTooMany),
      })
      .strict(),
    z.object({ all: z.literal(true, { error: notificationMessages.readWhich }) }).strict(),
  ],
  { error: notificationMessages.readWhich },
);
export type ReadNotificationsBody = z.input<typeof readNotificationsBody>;
export type ReadNotifications = z.output<typeof readNotificationsBody>;

export const unreadAnswer = z.object({ unread: z.number().int().nonnegative() });
