/*
 * Issue 35, notifications (API.md "Families and notifications"): their kinds, limits and the
 * words each one is shown in. The server writes a notice's facts; these turn them into its text,
 * so that a later language reads the same facts in its own words.
 */
import { formatCents } from './money.js';

export const NOTIFICATION_KINDS = [
  'paid',
  'charged',
  'request',
  'order',
  'outbid',
  'won',
  'goalReached',
  'approvals',
  'scheduleLeftOut',
  'dispute',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationLimits = {
  pageDefault: 20,
  pageMax: 100,
  /** Notices marked read by ids in one call. */
  readIdsMax: 100,
  /** Streams one person may hold open at once (a phone, a laptop, a few tabs). */
  streamsPerUserMax: 5,
  /** Streams one server process holds open at once. */
  streamsMax: 2000,
  /**
   * A stream ends after this long and its client opens a new one (with the list asked again): no
   * connection is held without end, and a client moves to a restarted process within this time.
   */
  streamLifetimeSeconds: 900,
  /** A comment line this often keeps proxies from closing a quiet stream. */
  keepAliveSeconds: 25,
  /** How often the web app asks again while the stream is down. */
  pollSeconds: 30,
} as const;

/** The API's refusals of POST /user/notifications/read. */
export const notificationMessages = {
  readWhich: 'Name the notifications to mark read (ids), or all of them (all: true).',
  readTooMany: `Mark at most ${notificationLimits.readIdsMax} notifications read by id at once, or all of them.`,
} as const;

/** What a notice is about, as the server stores it. */
export interface NotificationFacts {
  kind: NotificationKind;
  amountCents: number | null;
  description: string | null;
}

/** The text of a notice, ready to show. */
export function notificationText({ kind, amountCents, description }: NotificationFacts): string {
  const amount = amountCents === null ? '' : `$${formatCents(amountCents)}`;
  const about = description ? `: ${description}` : '';
  switch (kind) {
    case 'paid':
      return `${amount} arrived in your account${about}.`;
    case 'charged':
      return `${amount} was taken from your account${about}.`;
    case 'outbid':
      return `You were outbid on ${description ?? 'an auction'}: the ${amount} you bid is yours to spend again.`;
    default:
      return description ?? '';
  }
}

export const notificationScreenText = {
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`),
  title: 'Notifications',
  none: 'Nothing yet. You will be told here when money arrives or leaves.',
  markAllRead: 'Mark all read',
  more: 'Show more',
  loadFailed: 'Notifications could not be loaded.',
} as const;
