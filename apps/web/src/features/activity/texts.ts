/** Texts of the admin's Activity screen (beyond the spec: the audit of transaction edits and deletes). */
export const activityTexts = {
  title: 'Activity',
  subtitle:
    'Every edit and delete of a transaction in this bank: who, when, and what changed. Newest first; changed values are in bold.',
  what: 'the activity',
  moreWhat: 'more activity',
  tableLabel: 'Transaction edits and deletes',
  empty: 'No transaction has been edited or deleted yet.',
  edited: 'Edited',
  deleted: 'Deleted',
  /** Who did what the bank did by itself: a schedule's own run. */
  theBank: 'The bank (schedule)',
  actions: {
    reverse: 'Reversed',
    'batch.reverse': 'Payday reversed',
    'schedule.create': 'Schedule created',
    'schedule.update': 'Schedule changed',
    'schedule.pause': 'Schedule paused',
    'schedule.resume': 'Schedule resumed',
    'schedule.delete': 'Schedule deleted',
    'schedule.run': 'Schedule ran',
    'request.approve': 'Request approved',
    'request.reject': 'Request rejected',
    'request.cancel': 'Request cancelled',
    'request.expire': 'Request expired',
    'order.fulfil': 'Order given',
    'order.refund': 'Order refunded',
    'order.cancel': 'Order cancelled',
    'order.expire': 'Order expired',
    'auction.end': 'Auction ended',
    'auction.cancel': 'Auction cancelled',
  },
} as const;
