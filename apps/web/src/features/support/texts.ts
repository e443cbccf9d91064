import { studentText, supportGuidance } from '@bank/shared';

/** Texts of the Support screen that the product spec does not define (its own come from `messages`). */
export const supportTexts = {
  title: 'Support',
  subtitle: 'Report a problem or ask for an improvement, and follow your tickets.',
  /** Under the subtitle, for a Student (issue 33 item 9): what a ticket is, and whom to ask instead. */
  studentIntro: studentText.supportIntro,
  what: 'the support tickets',
  tableLabel: 'Support tickets',
  empty: 'No support tickets yet.',
  newTicket: 'New Ticket',
  createTitle: 'New Support Ticket',
  editTitle: (id: number) => `Ticket ${id}`,
  createSubmit: 'Create Ticket',
  updateSubmit: 'Update Ticket',
  creating: 'Creating Ticket...',
  updating: 'Updating Ticket...',
  cancel: 'Cancel',
  confirmCreate: 'Create this support ticket?',
  confirmUpdate: 'Save the changes to this support ticket?',
  created: (id: number) => `Ticket ${id} successfully created`,
  updated: (id: number) => `Ticket ${id} successfully updated`,
  createFailed: 'Failed to create ticket',
  updateFailed: 'Failed to update ticket',
  view: 'View',
  viewLabel: (id: number, title: string) => `View ticket ${id}: ${title}`,
  openedBy: (username: string, date: string) => `Opened by ${username} on ${date}`,
  statusHelp: 'Only an admin changes the status.',
  readOnlyHelp: 'The title and description of a ticket cannot be changed.',
} as const;

/** What each ticket type and severity means, in words a student reads (issue 14). */
export const supportHelp = supportGuidance;
