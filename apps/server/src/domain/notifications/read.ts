import { and, count, desc, eq, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import {
  notificationText,
  type Notification,
  type NotificationsAnswer,
  type ReadNotifications,
} from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { pageFrom, type Page } from '../paging.js';

type NoticeRow = typeof notifications.$inferSelect;

/** A notice as the API answers it: its text made now, in the reader's words. */
export const toNotification = (row: NoticeRow): Notification => ({
  id: row.id,
  kind: row.kind,
  text: notificationText(row),
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

export interface NoticesQuery {
  unread: boolean;
  limit: number;
  cursor?: string | undefined;
}

/** GET /user/notifications: the reader's own notices, newest first, and how many are unread. */
export async function listNotifications(
  db: Executor,
  actor: Actor,
  query: NoticesQuery,
): Promise<{ page: Page<Notification>; answer: NotificationsAnswer }> {
  const where: (SQL | undefined)[] = [eq(notifications.userId, actor.id)];
  if (query.unread) where.push(isNull(notifications.readAt));
  if (query.cursor !== undefined) where.push(lt(notifications.id, Number(query.cursor)));
  const read = await db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = pageFrom(read.map(toNotification), query.limit, (n) => String(n.id), null);
  return { page, answer: { items: page.rows, unread: await unreadCount(db, actor.id) } };
}

export async function unreadCount(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/**
 * POST /user/notifications/read: some of the reader's notices, or all, are read from now. Ids of
 * someone else's notices change nothing (as if they did not exist), and reading twice keeps the
 * first time.
 */
export async function markRead(
  db: Executor,
  actor: Actor,
  body: ReadNotifications,
  now: Date,
): Promise<{ unread: number }> {
  const mine = and(eq(notifications.userId, actor.id), isNull(notifications.readAt));
  const which = 'all' in body ? mine : and(mine, inArray(notifications.id, body.ids));
  await db.update(notifications).set({ readAt: now }).where(which);
  return { unread: await unreadCount(db, actor.id) };
}

/** One notice of one person, as the stream sends it; null when it is not theirs. */
export async function noticeOf(db: Executor, userId: number, id: number): Promise<Notification | null> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? toNotification(row) : null;
}
