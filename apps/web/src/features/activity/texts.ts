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
} as const;
