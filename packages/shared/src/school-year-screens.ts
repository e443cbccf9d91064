import { reversalLabels } from './reversal-labels.js';

/*
 * The school year's screen texts (staff): a module of its own, not in messages.ts, because the
 * sign-in page loads messages.ts and would carry these too (issue 22). Every text a person reads
 * is in messages.ts or in one of the modules its opening comment names.
 */

/**
 * Issue 21, the school year's screens (web): Schedules, the payday history, reversal dialogs and
 * the bank's time zone. Their own block, so that other changes to the texts above merge cleanly.
 */
export const schoolYearScreens = {
  // Schedules
  schedulesTitle: 'Schedules',
  schedulesSubtitle: (zone: string) =>
    `Paydays and bills that run on their own, at 6:00 in the morning (${zone} time).`,
  newSchedule: 'New Schedule',
  noSchedules: 'No schedules yet. Make one to pay or bill a class every week, every 2 weeks or every month.',
  paydayHistory: 'Payday history',
  /** "Class job pay · $5.00 to every Student of Room 12 · every Friday 6:00 · next Fri 12/04" */
  toEveryStudentOf: (branch: string) => `every Student of ${branch}`,
  toAccounts: (count: number) => `${count} ${count === 1 ? 'account' : 'accounts'}`,
  toStudentsOf: (count: number, branch: string) =>
    `${count} ${count === 1 ? 'student' : 'students'} of ${branch}`,
  everyWeekOn: (day: string) => `every ${day}`,
  everyOtherWeekOn: (day: string) => `every other ${day}`,
  everyMonthOn: (ordinal: string) => `every month on the ${ordinal}`,
  nextRun: (when: string) => `next ${when}`,
  paused: 'paused',
  stopped: 'stopped',
  savingsSuffix: ' (savings)',
  /** A schedule that stopped on its own (its run failed, or may not happen), until staff resume it. */
  stoppedBecause: (reason: string) => `Stopped: ${reason}`,
  stoppedSince: (when: string) => `Since ${when}. Nothing runs until it is resumed.`,
  lastRun: (when: string, what: string) => `Last run ${when}: ${what}`,
  neverRan: 'Has not run yet.',

  // Buttons and their busy labels
  edit: 'Edit',
  pause: 'Pause',
  pausing: 'Pausing...',
  resume: 'Resume',
  resuming: 'Resuming...',
  runNow: 'Run now',
  running: 'Running...',
  history: 'History',
  hideHistory: 'Hide history',
  deleteSchedule: 'Delete Schedule',
  deletingSchedule: 'Deleting...',
  actionsFor: (action: string, name: string) => `${action}: ${name}`,

  // Confirmations and outcomes
  confirmRunNow: (name: string) =>
    `Run "${name}" now? It pays or bills right away, as the preview shows; its regular runs stay where they are.`,
  confirmDelete: (name: string) =>
    `Delete the schedule "${name}"? It will not run again. Its past runs stay in the history.`,
  scheduleCreated: (name: string) => `Schedule "${name}" created`,
  scheduleSaved: (name: string) => `Schedule "${name}" saved`,
  schedulePaused: (name: string) => `Schedule "${name}" paused`,
  scheduleResumed: (name: string) => `Schedule "${name}" resumed`,
  scheduleDeleted: (name: string) => `Schedule "${name}" deleted`,
  saveFailed: 'Failed to save the schedule',
  changeFailed: 'Failed to change the schedule',
  runFailed: 'Failed to run the schedule',
  ranNow: (name: string) => `"${name}" ran`,

  // The form
  createTitle: 'New Schedule',
  editTitle: (name: string) => `Edit Schedule: ${name}`,
  nameLabel: 'Name',
  nameDescription: 'What the class calls it, e.g. "Class job pay" or "Desk rent".',
  kindLabel: 'What does it do?',
  kindDeposit: 'Pay the class',
  kindDepositDescription: 'A deposit into each account: wages, allowance, rewards.',
  kindWithdrawal: 'Bill the class',
  kindWithdrawalDescription: 'A withdrawal from each account: rent, fees, fines.',
  amountLabel: 'Amount for each student',
  whoLabel: 'Who?',
  whoBranch: 'Every Student of a branch',
  whoBranchDescription: 'Students who join the branch later are included.',
  whoAccounts: 'Chosen accounts',
  whoAccountsDescription: 'Only these accounts, whatever happens to the branch.',
  accountTypeLabel: 'Which account of each student',
  accountsLabel: 'Accounts',
  accountsPlaceholder: 'Type a name or the last digits',
  chooseAccounts: 'Choose at least one account.',
  everyLabel: 'How often?',
  everyWeek: 'Every week',
  every2Weeks: 'Every 2 weeks',
  everyMonth: 'Every month',
  dayLabel: 'Day',
  firstRunLabel: 'First run',
  firstRunDescription: (zone: string) => `At 6:00 in the morning, ${zone} time.`,
  monthDayNote: (ordinal: string) =>
    `Runs on the ${ordinal} of each month; in a shorter month, on its last day.`,
  shortfallLabel: 'A student who cannot pay the whole amount',
  shortfallSkip: 'Skip them this time',
  shortfallSkipDescription: 'They pay nothing; the run lists them as left out, with why.',
  shortfallPartial: 'Take what they have',
  shortfallPartialDescription: 'Their balance goes down to $0.00, never below; the run lists what each paid.',
  previewButton: 'Preview Next Run',
  previewing: 'Previewing...',
  previewFailed: 'The next run could not be previewed',
  previewAgain: 'The form changed since the preview. Preview the next run again before you save.',
  createButton: 'Create Schedule',
  saveButton: 'Save Schedule',
  saving: 'Saving...',
  cancel: 'Cancel',

  // Preview and runs
  previewTitle: 'The next run',
  previewRunAt: (when: string) => `Runs ${when}`,
  previewNoRun: 'It has no next run while paused.',
  payCount: (count: number, total: string) =>
    `${count} ${count === 1 ? 'payment' : 'payments'}, ${total} in all`,
  leftOutCount: (count: number) => `${count} left out`,
  cutCount: (count: number) => `${count} paid only part`,
  nobodyToPay:
    'Nobody would be paid or billed: the branch has no Students with an open account of this type.',
  previewTableLabel: 'What the next run does, student by student',
  runsTitle: (name: string) => `Runs of ${name}`,
  runsTableLabel: (name: string) => `Runs of ${name}`,
  noRuns: 'No runs yet.',
  ranBy: (who: string) => `Run now by ${who}`,
  onSchedule: 'On schedule',
  leftOutHeading: 'Left out',
  cutHeading: 'Paid only part',
  cutLine: (name: string, paid: string, asked: string) => `${name}: paid ${paid} of ${asked}`,
  /** Under a run's list of 1,000 left out (or cut): the ones it does not list. */
  andMore: (count: number) => `and ${count.toLocaleString('en-US')} more`,
  /** A run of a branch bigger than one payday paid as several: each is reversed on its own. */
  reversePart: (part: number, of: number) => `Reverse part ${part} of ${of}...`,
  partOf: (part: number, of: number) => `part ${part} of ${of}`,
  noAccountName: 'A student',
  problemHeading: 'Did not run',

  // Payday history
  paydayHistoryTitle: 'Payday history',
  paydayHistorySubtitle: 'Every class payday and scheduled run, newest first.',
  paydaysTableLabel: 'Paydays',
  noPaydays: 'No paydays yet.',
  reversalOfPayday: (memo: string, when: string) => `Reverses "${memo}" of ${when}`,
  reversedSome: (count: number, of: number) => `${count} of ${of} reversed`,
  reversedAll: 'Reversed',
  schedules: 'Schedules',

  // Reversal (with what an account's table says of one)
  ...reversalLabels,
  reverseEllipsis: 'Reverse...',
  reversing: 'Reversing...',
  reasonLabel: 'Reason',
  reasonDescription: 'Students see it beside both rows, e.g. "Absent on Friday".',
  reverseTransactionTitle: 'Reverse Transaction',
  reverseTransactionMessage: (what: string, amount: string) =>
    `Reverse ${what} (${amount})? A new transaction undoes it; both stay on the account, with your reason.`,
  reverseTransferNote: 'It is part of a transfer: both legs are reversed together.',
  reverseTransactionButton: 'Reverse Transaction',
  transactionReversed: 'Transaction reversed',
  reverseFailed: 'Failed to reverse',
  reversePaydayTitle: 'Reverse Payday',
  reversePaydayMessage: (memo: string, when: string) =>
    `Reverse the payday "${memo}" of ${when}? One new payday undoes it; every row stays, with your reason. All or nothing: if one student cannot pay it back, nothing is done.`,
  reverseWhole: 'Every payment still standing',
  reverseChosen: 'Only the students I choose',
  reverseWhich: 'Whom to reverse',
  reverseStudent: (name: string, account: string, amount: string) => `${name}, ${account}, ${amount}`,
  alreadyReversed: 'already reversed',
  chooseStudents: 'Choose at least one student.',
  reversePaydayButton: 'Reverse Payday',
  paydayReversed: (count: number, total: string) =>
    `Reversed ${count} ${count === 1 ? 'payment' : 'payments'} (${total})`,
  reversesLabel: (id: number) => `Reverses transaction ${id}`,
  reverseInsteadTitle: 'This transaction is posted: the student has seen it.',
  reverseInsteadNote:
    'Reverse it instead of deleting it: both rows stay on the account, with your reason, so nothing the class saw disappears.',
  reverseInsteadButton: 'Reverse instead',
  cannotChangeReversed:
    'A reversed transaction, or a reversal, stays as it is: it cannot be edited, deleted or reversed again.',

  // Payday's confirmation
  repeatEveryWeek: 'Repeat this every week',
  repeatNote: 'Make a schedule of this payday: it runs on its own, every week.',
  /** A repeated payday without a memo needs a name. */
  repeatDefaultName: 'Payday',

  // Bank settings
  timeZoneLabel: 'Time Zone',
  timeZoneDescription: 'Schedules run at 6:00 in the morning in this time zone.',
  timeZonePlaceholder: 'Type a city, e.g. New York',
} as const;
