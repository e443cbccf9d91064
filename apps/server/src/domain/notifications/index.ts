/**
 * Notifications (API.md "Families and notifications"): a person's notices, read and marked read,
 * and streamed as they are written, whichever server process wrote them.
 */
export { listNotifications, markRead, unreadCount, toNotification } from './read.js';
export { NotificationHub, TooManyStreams, NOTICE_CHANNEL } from './hub.js';
