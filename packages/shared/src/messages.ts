/**
 * Every user-visible text of the product, verbatim from the product specification where it
 * defines one (note the double space in TARGET_ACCOUNT_INVALID: the spec has it), and the API
 * contract's texts for what the server answers. Server and web import these; never retype them.
 * The staff screens' texts are in modules of their own beside this one (classroom-text.ts,
 * school-year-screens.ts and reversal-labels.ts, support-guidance.ts, participation-text.ts,
 * teacher-text.ts): the sign-in page loads this module (issue 22). What the page says when the app's files do not arrive is in
 * load-failure-text.ts, which the page's script shows without this module.
 */
export const messages = {
  // Sign-in and password (spec §2, §5, §8)
  loggingIn: 'Logging In...',
  basicAndBodyCredentialsDiffer: 'The Basic header and the body name different credentials.',
  loginFailed: 'There was a problem logging in. Check your username and password and try again.',
  invalidCredentials: 'Invalid username or password',
  loginThrottled: 'Too many failed sign-ins. Wait a moment and try again.',
  passwordsDoNotMatch: 'New passwords do not match.',
  passwordUpdateFailed: 'Failed to update password.',
  passwordUpdated: 'Password updated!',
  currentPasswordWrong: 'The current password is not correct.',
  newPasswordTooShort: 'The new password must be at least 8 characters long.',
  newPasswordIsUserId: 'The new password must not be the same as the User Id.',
  newPasswordTooLong: 'The new password must be at most 128 characters long.',
  newPasswordOnlySpaces: 'The new password must not be only spaces.',
  newPasswordIsCurrent: 'The new password must be different from the current password.',
  newPasswordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  choosePasswordFirst: 'Choose a new password first.',
  temporaryPassword: (password: string) => `Temporary password: ${password}`,
  resettingPassword: 'Resetting Password...',

  // Transfer, deposit, withdrawal (spec §4, §5, §8)
  sourceAccountInvalid: 'Please select a valid account',
  targetAccountInvalid: 'Please select  a valid account',
  amountInvalid: 'Please enter a valid amount',
  depositAccountMissing: 'Please select a deposit account',
  depositAmountNotNumber: 'Deposit amount must be a number.',
  depositAmountNotPositive: 'Deposits must be a number greater than 0',
  withdrawalAccountMissing: 'Please select a withdrawal account',
  withdrawalAmountNotNumber: 'Withdrawal amount must be a number.',
  withdrawalAmountNotPositive: 'Withdrawals must be a number greater than 0',
  processingTransfer: 'Processing Transfer...',
  processingDeposit: 'Processing Deposit...',
  processingWithdrawal: 'Processing Withdrawal...',
  transferFailed: 'Failed to process transfer',
  transferSucceeded: 'Transfer successfully submitted',
  depositFailed: 'Failed to process deposit',
  depositSucceeded: 'Deposit successfully submitted',
  withdrawalFailed: 'Failed to process withdrawal',
  withdrawalSucceeded: 'Withdrawal successfully submitted',
  amountTooManyDecimals: 'Amounts have at most 2 decimal places.',
  amountTooLarge: 'Amounts may not exceed 1,000,000,000.00.',
  sameAccountTwice: 'The source and target accounts must be different.',
  insufficientFunds: 'Insufficient funds',
  /** A debit the balance could pay but a waiting request's hold stops (issue 33): says what is held. */
  insufficientFundsHeld: (held: string) => `Insufficient funds: ${held} is held for a waiting request.`,
  accountClosed: 'This account is closed.',
  // Ledger descriptions (spec §9; API.md wording: the credit says "from", also for staff)
  tellerDepositDescription: 'Teller Deposit',
  tellerWithdrawalDescription: 'Teller Withdrawal',
  transferToDescription: (accountType: string, lastFour: string) =>
    `Transfer to ${accountType} **${lastFour}`,
  transferFromDescription: (accountType: string, lastFour: string) =>
    `Transfer from ${accountType} **${lastFour}`,
  descriptionRequired: 'Please enter a description.',
  descriptionTooLong: 'The description must be at most 200 characters.',
  transactionDateInvalid: 'Please enter a valid date.',
  pageCursorInvalid: 'The cursor is not valid.',
  // Month end (API.md Interest; statements)
  interestDescription: 'Interest',
  priorPeriodCorrection: 'Correction to earlier statement periods',
  statementNameInvalid: 'A statement file name looks like statement-1234567890-2026-10.pdf.',

  // Users (spec §4, §5, §8; API.md Users)
  userIdAndNameRequired: 'Please provide a User Id and Name',
  studentNeedsBranch: 'Student accounts must be assigned to a branch',
  userIdFormat: 'User Id must be 3 to 32 characters: letters, digits, dot, underscore or hyphen.',
  nameTooLong: 'Name must be at most 100 characters.',
  nameControlChars: 'Name must not contain control characters.',
  userIdCannotChange: 'The User Id cannot be changed.',
  userIdTaken: 'That User Id is already taken.',
  userCreated: 'Successfully created user',
  userCreatedWithPassword: (password: string) => `Successfully created user. Temporary password: ${password}`,
  creatingUser: 'Creating New User...',
  updatingUser: 'Updating User...',
  deletingUser: 'Deleting User...',
  lastAdmin: 'A bank must keep at least one admin.',
  userHasOpenAccounts: 'The user still has open accounts. Close them first.',
  studentWithOpenAccountsCannotMove:
    'The student still has open accounts in their branch. Close them before changing the role or branch.',
  displayNameTooLong: 'Display name must be at most 64 characters.',
  displayNameControlChars: 'Display name must not contain control characters.',

  // Branches (spec §4, §5)
  branchNameBlank: 'Branch name must not be blank',
  branchNameTooLong: 'Branch name must be at most 80 characters.',
  branchCreated: 'Branch successfully created',
  branchExists: 'Branch already exists',
  branchUpdated: 'Branch successfully updated',
  creatingBranch: 'Creating New Branch',
  branchInUse: 'The branch still has accounts or users.',

  // Accounts (spec §4, §5; API.md Accounts)
  branchRequired: 'Please select a branch',
  userRequired: 'Please select a user',
  accountCreated: 'Account successfully created',
  accountCreateFailed: 'Failed to create account',
  accountTypeNotOffered: 'Account type is not offered',
  accountOwnerNotStudentOfBranch: 'The user must be a Student of the chosen branch.',
  accountNotEmpty: 'Only an account with a zero balance and nothing pending can be closed.',

  // Bank settings
  bankNameBlank: 'Bank name must not be blank',
  savingsRateInvalid: 'The savings rate must be a percent from 0 to 100 with at most 2 decimals.',

  // Support tickets (spec §5)
  ticketTitleRequired: 'Ticket must have a title',
  ticketDescriptionRequired: 'Please describe the issue',
  ticketTitleTooLong: 'The title must be at most 120 characters.',
  ticketDescriptionTooLong: 'The description must be at most 5000 characters.',
  ticketStatusAdminOnly: 'Only an admin may change the status of a ticket.',

  // The one text rule (API.md Errors; schemas/text.ts): `field` is the field's label, "Branch name"
  textControlChars: (field: string) => `${field} must not contain control characters.`,
  textInvisibleChars: (field: string) =>
    `${field} must not contain invisible or direction-changing characters (such as zero-width spaces or text-direction overrides).`,
  textBrokenChars: (field: string) => `${field} contains a broken character. Please type it again.`,
  textTooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  textRequired: (field: string) => `${field} is required.`,

  // Generic API answers (API.md Errors)
  validation: 'The request is not valid.',
  unauthenticated: 'Please sign in.',
  forbidden: 'You are not allowed to do that.',
  notFound: 'Not found.',
  conflict: 'The request conflicts with the current state.',
  bodyTooLarge: 'The request body is too large.',
  urlInvalid: 'The address of the request is not valid.',
  urlTooLong: 'A part of the address of the request is too long.',
  methodNotAllowed:
    'This address does not take that kind of request; the Allow header lists the ones it takes.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  rateLimited: 'Too many requests. Wait a moment and try again.',
  internal: 'Something went wrong on our side. Nothing was changed.',
  databaseUnavailable: 'The bank cannot reach its records just now. Try again in a moment.',
  busy: 'The bank is busy just now. Try again in a moment.',
  tellerPermissionMissing: 'The bank does not allow tellers to do this.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 64 visible ASCII characters.',

  // Classroom tools (API.md "Classroom tools"): memo, class payday, roster import, students
  memoTooLong: 'The memo must be at most 60 characters.',
  /** A description with its memo beside it, where there is one column for both (statements). */
  describedWithMemo: (description: string, memo: string) => `${description} · ${memo}`,
  batchItemsRequired: 'Add at least one account to the payday.',
  batchTooManyItems: 'A payday has at most 1000 accounts.',
  batchAccountRepeated: 'This account is already in the payday.',
  batchItemsInvalid: 'Some rows of the payday are not valid. Nothing was done.',
  batchAccountsNotFound: 'Some accounts were not found or are closed. Nothing was done.',
  batchAccountNotFound: 'No open account of this bank has this number.',
  batchInsufficientFunds: 'Some accounts do not have enough money. Nothing was done.',
  studentSearchTooLong: 'The search must be at most 100 characters.',
  importCsvMalformed: (line: number) =>
    `The CSV could not be read near line ${line}: check its quotes and commas.`,
  importRowFieldCount:
    'Each line has 4 values separated by commas: User Id, name, branch, accounts (accounts may be empty).',
  importHeaderInvalid: 'The first line must be the header: username,name,branch,accounts',
  importEmpty: 'The file has no students.',
  importTooManyRows: 'A roster import has at most 1000 students.',
  importRowsInvalid: 'Some rows have errors. Nothing was created.',
  importUsernameRepeated: 'This User Id appears more than once in the file.',
  /** What the cell said and the branches there are, so the teacher can fix the line at once. */
  importBranchUnknown: (written: string, branchNames: string[]) =>
    branchNames.length === 0
      ? `There is no branch "${written}": this bank has no branches yet. Create one first.`
      : `There is no branch "${written}". Choose one of: ${branchNames.join(', ')}.`,
  importAccountsInvalid: 'Accounts must be CHECKING, SAVINGS, CHECKING;SAVINGS or empty.',

  // Screens (spec §8)
  unexpectedError: 'Unexpected Application Error!',
} as const;

/**
 * Texts of the web app that the product spec does not define (states, buttons, notices). They
 * live here with the spec's, so that every text a person reads is in one file.
 */
export const screenMessages = {
  /** Shared by every screen. */
  ui: {
    networkError: 'The bank could not be reached. Check your connection and try again.',
    serverError: messages.internal,
    unknownError: 'Something went wrong.',
    loading: 'Loading...',
    loadFailed: 'Could not load this information.',
    retry: 'Try again',
    userIdRequired: 'Please enter your User Id',
    passwordRequired: 'Please enter your password',
    /** Under the sign-in heading (issue 33 item 9): where a Student finds what to type. */
    signInHelp: 'Students: your User Id and password are on the sign-in slip from your teacher.',
    /** Under the spec's "There was a problem logging in…" when the password was wrong. */
    loginFailedHelp: 'Forgot your password? A teacher can give you a new one.',
    /** The password field's show/hide button (the name Mantine's PasswordInput gives it). */
    togglePasswordVisibility: 'Toggle password visibility',
    mustChangePassword: 'You signed in with a temporary password. Choose a new password to continue.',
    /** Under it, on the first sign-in (issue 33): the temporary password is not asked again. */
    noNeedForTemporary: 'No need to type the temporary password again: just choose your own, twice.',
    tellerNotAllowed: messages.tellerPermissionMissing,
    chooseBranchFirst: 'Choose a branch first',
    noAccounts: 'No accounts yet.',
    noPending: 'No pending transactions.',
    noPosted: 'No posted transactions.',
    displayNameSaved: 'Display name saved.',
    transactionUpdated: 'Transaction updated.',
    transactionDeleted: 'Transaction deleted.',
    transactionUpdateFailed: 'The transaction was not updated.',
    transactionDeleteFailed: 'The transaction was not deleted.',
    csvFailed: 'The CSV file could not be made.',
    balanceChartLabel: 'Chart of the posted balance over time',
    balanceSummary: (s: { from: string; to: string; days: number; lowest: string; highest: string }) =>
      `From ${s.from} to ${s.to}, over ${s.days} days with posted transactions; lowest ${s.lowest}, highest ${s.highest}.`,
  },
  /** The admin screens: users, branches, accounts, bank settings. */
  admin: {
    // Users
    createUserFailed: 'Failed to create user',
    temporaryPasswordLabel: 'Temporary password',
    temporaryPasswordNote:
      'Hand this password to the user now: it is shown only once. They choose their own password when they first sign in.',
    copyPassword: 'Copy password',
    copied: 'Copied',
    userUpdated: 'User successfully updated',
    updateUserFailed: 'Failed to update user',
    deleteUserFailed: 'Failed to delete user',
    userDeleted: (userId: string) => `User ${userId} was deleted.`,
    resetPassword: 'Reset Password',
    resetPasswordHint: 'Forgotten password? Give the user a new temporary one.',
    resetPasswordConfirm: (userId: string, name: string) =>
      `Reset the password of ${userId} (${name})? Their current password stops working and they are signed out everywhere.`,
    passwordReset: 'Password reset',
    resetPasswordNote:
      'Hand this password to the user now: it is shown only once and works for 7 days. They choose their own password when they sign in.',
    resetPasswordFailed: 'Failed to reset password',
    noUsers: 'No users yet.',
    usersNoun: { one: 'user', many: 'users' },
    searchUsersPlaceholder: 'Name or User Id',
    noUsersMatch: 'No users match.',
    noBranch: 'No branch',

    // Branches
    createBranchFailed: 'Failed to create branch',
    updatingBranch: 'Updating Branch...',
    updateBranchFailed: 'Failed to update branch',
    deletingBranch: 'Deleting Branch...',
    deleteBranchFailed: 'Failed to delete branch',
    branchDeleted: (name: string) => `Branch "${name}" was deleted.`,
    noBranches: 'No branches yet.',

    // Accounts
    creatingAccount: 'Creating Account...',
    deletingAccount: 'Deleting...',
    deleteAccountFailed: (accountId: string) => `Failed to delete account ${accountId}`,
    accountDeleted: (accountId: string) =>
      `Account ${accountId} was closed. Its history is kept for statements and audit.`,
    noAccountsInBank: 'No open accounts.',
    accountsNoun: { one: 'account', many: 'accounts' },
    searchAccountsPlaceholder: 'Account number, name or User Id',
    noAccountsMatch: 'No accounts match.',
    noStudentsInBranch: 'This branch has no Students.',
    noAccountTypesOffered:
      'The bank offers no account types. Turn on checking or savings accounts in Bank Settings first.',

    // Bank settings
    savingChanges: 'Saving Changes...',
    bankSaved: 'Bank settings saved',
    bankSaveFailed: 'Failed to save bank settings',
    reloading: 'Reloading the settings...',
  },
  /** Each money flow: the spec's texts (§4, §8) and the buttons'. */
  flows: {
    transfer: {
      title: 'Transfer',
      review: 'Review Transfer',
      submit: 'Submit Transfer',
      processing: messages.processingTransfer,
      failed: messages.transferFailed,
      succeeded: messages.transferSucceeded,
      another: 'Make Another Transfer',
    },
    deposit: {
      title: 'Deposit',
      review: 'Review Deposit',
      submit: 'Submit Deposit',
      processing: messages.processingDeposit,
      failed: messages.depositFailed,
      succeeded: messages.depositSucceeded,
      another: 'Make Another Deposit',
    },
    withdrawal: {
      title: 'Withdrawal',
      review: 'Review Withdrawal',
      submit: 'Submit Withdrawal',
      processing: messages.processingWithdrawal,
      failed: messages.withdrawalFailed,
      succeeded: messages.withdrawalSucceeded,
      another: 'Make Another Withdrawal',
    },
  },
} as const;

/**
 * Issue 14 (kind, keyboard, screen reader, phone): the web app's own texts for guidance, focus
 * and failures. A separate block so that other changes to the texts above merge cleanly.
 */
export const guidanceMessages = {
  skipToContent: 'Skip to content',
  announceSuccess: 'Done:',
  announceFailure: 'Problem:',
  sessionExpired: 'You have been signed out. Sign in again to go back to where you were.',
  appUpdated: 'The bank was updated. Reload the page to get the new version.',
  reload: 'Reload',
  colorScheme: 'Colour theme',
  colorSchemeHint: 'System follows the setting of your device.',
  colorSchemeSystem: 'System',
  colorSchemeLight: 'Light',
  colorSchemeDark: 'Dark',
  canMoveUpTo: (amount: string) => `You can move up to ${amount}`,
  available: 'Available',
  /** An account in a picker while a waiting request holds some of it (issue 33). */
  balanceAndAvailable: (balance: string, available: string) => `${balance} (available ${available})`,
  includesPending: (amount: string) => `includes ${amount} pending`,
  /** A pending row in words a child reads (issue 33): when the money arrives, in the bank's time zone. */
  onItsWay: (when: string) => `on its way: arrives ${when}`,
  arrivesToday: 'today',
  arrivesTomorrow: 'tomorrow',
  /** A confirmation in a child's words (issue 33), beside the spec's texts. */
  confirmationOnItsWay: (arrives: string) => `Your money is ${arrives}.`,
  receiptHint: 'your receipt number: tell your teacher this number if something looks wrong',
  /** A friendly line under the ledger's descriptions, for a Student (issue 33); null: none needed. */
  friendlyDescription: (description: string): string | null => {
    if (description === 'Teller Deposit') return 'Money your teacher put in';
    if (description === 'Teller Withdrawal') return 'Money your teacher took out';
    if (description === 'Interest') return 'Your savings grew: the bank paid you for saving';
    if (description.startsWith('Transfer to ')) return 'You moved this money to your other account';
    if (description.startsWith('Transfer from ')) return 'Money moved here from your other account';
    if (description.startsWith('Reversal: ')) return 'A mistake undone: this puts things back';
    if (description === 'Final payout') return 'Your money, paid out to you';
    return null;
  },
  newBalance: 'New balance',
  backToAccount: (name: string) => `Back to ${name}`,
  transferTransactionIds: (s: { debitId: number; from: string; creditId: number; to: string }) =>
    `${s.debitId} (money out of ${s.from}), ${s.creditId} (money into ${s.to})`,
  noAccountsStudent: 'You have no accounts yet. Ask your teacher to open one for you; it will show here.',
  menuOpen: 'Open navigation',
} as const;

// issue 14: tables & loading
/** The web app's loading texts: a failed load (one block for a whole page) and "Load more". */
export const loadingMessages = {
  couldNotLoad: (what: string) => `Could not load ${what}.`,
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  /** The account page loads the account and its transactions together. */
  accountWhat: 'this account',
  moreTransactionsWhat: 'more transactions',
  settingsWhat: 'the bank settings',
} as const;

// issue 20: long lists
/** What a long list says of itself (issue 20): one noun, "student"/"students", per list. */
export interface ListNoun {
  one: string;
  many: string;
}

const counted = (n: number, noun: ListNoun) => `${n} ${n === 1 ? noun.one : noun.many}`;

/**
 * Issue 20: the long lists (Students, Manage Users, Manage Accounts) search on the server, say how
 * many there are and show a page at a time.
 */
export const listMessages = {
  /** "38 students", "1 account". */
  count: counted,
  /** "3 of 112 users match", with a search or a filter applied. */
  matching: (matched: number, total: number, noun: ListNoun) =>
    `${matched} of ${counted(total, noun)} ${matched === 1 ? 'matches' : 'match'}`,
  /** Beside Show more, and what a screen reader hears after it. */
  showing: (shown: number, total: number, noun: ListNoun) => `Showing ${shown} of ${counted(total, noun)}`,
  showMore: 'Show more',
  loadingMore: 'Loading...',
} as const;

// issue 14: admin & support guidance
/**
 * Issue 14 (items 4, 5, 10): the admin's setup checklist, why a Delete is not possible yet, and
 * what the support ticket choices mean. The web app's own texts, not the spec's.
 */
export const adminGuidance = {
  setupTitle: 'Set up your bank',
  setupIntro: 'Three steps before your students can use the bank. Each link opens the screen that does it.',
  setupBranch: 'Create a branch',
  setupBranchHint: 'Every student and account belongs to a branch (a class, say).',
  setupStudents: 'Add students or import a roster',
  setupStudentsHint: 'Create students one by one in Manage Users, or import a class list.',
  setupImport: 'Import a roster',
  setupAccounts: 'Open accounts',
  setupAccountsHint: 'Give each student a checking or savings account in Manage Accounts.',
  setupDone: 'Done',
  setupToDo: 'To do',
  setupProgress: (done: number, total: number) => `${done} of ${total} steps done`,
  /** Issue 33 item 8: what a new teacher does next, once the three setup steps are done. */
  nextTitle: 'Next steps',
  nextIntro: 'Your bank is ready. These get a class going; hide them once you are done.',
  nextTeachers: 'Add your teachers',
  nextTeachersHint: 'Create a Teller for each teacher in Manage Users: each runs their own class.',
  nextTimeZone: 'Set your time zone',
  nextTimeZoneHint: 'On Bank Settings: paydays, statements and the dates students see follow it.',
  nextPay: 'Pay your class for the first time',
  nextPayHint: 'A payday pays a class at once; a schedule pays it every week or month.',
  nextSchedule: 'Set a schedule',
  nextSlips: 'Print sign-in slips',
  nextSlipsHint: 'On Students: a slip for each student, with a new temporary password to hand out.',
  nextHide: 'Hide these steps',
  needsBranch: 'Create a branch first: students and accounts belong to one.',
  createBranchLink: 'Create a branch',
  deleteBlockedMoney: (amount: string) => `Cannot delete: the balance is ${amount}. Move it out first.`,
  deleteBlockedPending: 'Cannot delete: transactions are still pending.',
  deleteBlockedUserAccounts: (count: number) =>
    `Cannot delete: the user has ${count} open ${count === 1 ? 'account' : 'accounts'}. Close ${
      count === 1 ? 'it' : 'them'
    } first.`,
  deleteBlockedLastAdmin: 'Cannot delete: this is the last admin of the bank.',
  deleteBlockedBranch: (accounts: number, users: number) =>
    `Cannot delete: the branch still has ${[
      accounts > 0 ? `${accounts} ${accounts === 1 ? 'account' : 'accounts'}` : '',
      users > 0 ? `${users} ${users === 1 ? 'user' : 'users'}` : '',
    ]
      .filter(Boolean)
      .join(' and ')}.`,
} as const;

/**
 * Issue 21, the school year (API.md "The school year"): schedules that run themselves, reversals,
 * the bank's time zone. The API's texts and the screens' together, in their own block.
 */
export const schoolYearText = {
  // API
  timeZoneInvalid: 'Choose a time zone from the list, such as America/New_York.',
  scheduleNameRequired: 'Give the schedule a name.',
  scheduleNameTooLong: 'The name must be at most 60 characters.',
  scheduleAmountInvalid: 'Enter an amount greater than 0.',
  scheduleStartDateInvalid: 'Choose a start date (YYYY-MM-DD).',
  scheduleStartDatePast: "The start date must be today or later in the bank's time zone.",
  scheduleTargetInvalid: 'Choose a branch or at least one account.',
  scheduleTooManyAccounts: 'A schedule names at most 1000 accounts.',
  scheduleAccountRepeated: 'This account is already in the schedule.',
  scheduleAccountNotFound: 'No open account of this bank has this number.',
  scheduleBranchNotFound: 'No branch of this bank has this id.',
  scheduleNothingToChange: 'Send at least one field to change.',
  reasonRequired: 'Give a reason (at most 60 characters).',
  reasonTooLong: 'The reason must be at most 60 characters.',
  alreadyReversed: 'This transaction has already been reversed.',
  reversalNotReversible: 'A reversal cannot be reversed. Make a new deposit or withdrawal instead.',
  reversedCannotChange:
    'A reversed transaction, or a reversal, cannot be edited or deleted: both stay as the record of what happened.',
  batchAlreadyReversed: 'Some of these payments have already been reversed. Nothing was done.',
  batchAccountNotInBatch: 'This account was not paid in this payday.',
  batchReversalInsufficient: 'Some accounts do not have enough money to pay this back. Nothing was done.',
  reversalDescription: (description: string) => `Reversal: ${description}`,
  leftOutClosed: 'The account is closed.',
  leftOutNoAccount: (type: string) => `No open ${type} account.`,
  leftOutCannotPay: 'Not enough money.',
  leftOutEmpty: 'The balance is $0.00.',
  cutToBalance: 'Paid what the account had.',
  // Why a schedule stopped on its own (its `pausedReason`; the screen shows "Stopped: {reason}"),
  // and its run's `problem`: "Did not run: {reason}".
  runRefused: (who: string) => `${who} may no longer make this kind of payment in this bank.`,
  creatorGone: 'The person who made this schedule is no longer a user of this bank.',
  runFailed: 'The run failed, and paid nobody. Check whom it pays, then resume it.',
  scheduleRunTooBig: (max: number) =>
    `The branch has more than ${max.toLocaleString('en-US')} Students: a schedule pays at most ` +
    `${max.toLocaleString('en-US')} at a time. Move some to another branch, or choose accounts.`,
  didNotRun: (reason: string) => `Did not run: ${reason}`,
  // A run pays in steps: one that fails after paying some stops there, and says so.
  stoppedPartWay: (reason: string) => `Stopped part way: ${reason}`,
  leftOutRunStopped: 'Not paid: the run stopped before this account.',
  cutNote: (paid: string, asked: string) => `Pays ${paid} of ${asked}: all the account has.`,

  // The audit log's lines (API: GET /admin/audit `summary`)
  everyLabel: { week: 'every week', '2weeks': 'every 2 weeks', month: 'every month' } as Record<
    string,
    string
  >,
  auditScheduleCreated: (name: string, what: string) => `Created schedule "${name}": ${what}.`,
  auditScheduleUpdated: (name: string, what: string) => `Changed schedule "${name}": ${what}.`,
  auditSchedulePaused: (name: string) => `Paused schedule "${name}".`,
  auditScheduleStopped: (name: string, why: string) => `Schedule "${name}" stopped. ${why}`,
  auditScheduleResumed: (name: string, next: string) => `Resumed schedule "${name}"; next run ${next}.`,
  auditScheduleDeleted: (name: string) => `Deleted schedule "${name}".`,
  auditScheduleRan: (
    name: string,
    count: number,
    total: string,
    leftOut: number,
    cut: number,
    extra: boolean,
  ) =>
    `${extra ? 'Ran now' : 'Ran'} "${name}": ${count} ${count === 1 ? 'payment' : 'payments'}, ${total}` +
    (leftOut > 0 ? `; ${leftOut} left out` : '') +
    (cut > 0 ? `; ${cut} paid only part` : '') +
    '.',
  auditReversed: (id: number, description: string, amount: string, reason: string) =>
    `Reversed transaction ${id} (${description}, ${amount}): ${reason}.`,
  auditBatchReversed: (count: number, total: string, memo: string, reason: string) =>
    `Reversed ${count} ${count === 1 ? 'payment' : 'payments'} (${total}) of the payday "${memo}": ${reason}.`,
} as const;

/**
 * Issue 24, students who take part (API.md "Students who take part"): class bankers and their
 * requests, teachers' approvals, holds, savings goals. The API's texts and the screens' together.
 */
export const participationText = {
  // API
  notABanker: 'Only a class banker may ask for this. Your teacher can make you one.',
  bankerOnlyStudents: 'Only Students can be class bankers.',
  bankerNotOwnAccount: 'A banker cannot ask for their own account.',
  bankerLimitInvalid: 'The limit must be an amount of 0 or more, with at most 2 decimals.',
  requestAccountNotFound: 'No open account of a classmate has this number.',
  requestNotWaiting: 'This request is no longer waiting.',
  /** Why a request cannot be cancelled or decided any more: what became of it (issue 33). */
  requestAlreadyDecided: (request: { status: string; decidedBy: string | null; reason: string | null }) => {
    switch (request.status) {
      case 'approved':
        return request.decidedBy
          ? `This request is no longer waiting: ${request.decidedBy} approved it, and the money moved.`
          : 'This request is no longer waiting: the bank approved it at once, and the money moved.';
      case 'rejected':
        return `This request is no longer waiting: ${request.decidedBy ?? 'a teacher'} rejected it${request.reason ? ` ("${request.reason}")` : ''}. No money moved.`;
      case 'cancelled':
        return 'This request is no longer waiting: it was cancelled. No money moved.';
      default:
        return 'This request is no longer waiting: it expired after 7 days. No money moved.';
    }
  },
  requestAccountClosed: 'The account has been closed since; reject the request instead.',
  requestReasonRequired: 'Give a reason (at most 60 characters).',
  goalNameRequired: 'Give the goal a name.',
  goalNameTooLong: 'The name must be at most 60 characters.',
  goalAmountInvalid: 'Enter an amount greater than 0.',
  goalDateInvalid: 'Choose a date (YYYY-MM-DD), or none.',
  goalSavingsOnly: 'Goals are for savings accounts.',
  goalTooMany: 'A savings account has at most 5 goals.',
  goalNothingToChange: 'Send at least one field to change.',
  /** A goal's place: from 1 to the most an account may have, or to the number it has. */
  goalPositionRange: (count: number) =>
    count === 1 ? 'This account has 1 goal: its place is 1.' : `Choose a place from 1 to ${count}.`,
  heldFor: (held: string) => `held ${held} for a waiting request`,
  auditRequestDecided: (decision: string, kind: string, amount: string, who: string, whom: string) =>
    `${decision} ${who}'s request: ${kind} ${amount} for ${whom}.`,
  auditRequestApprovedByLimit: (kind: string, amount: string, who: string, whom: string, limit: string) =>
    `Approved at once (at most ${limit}): ${who}'s ${kind} of ${amount} for ${whom}.`,
  requestExpiryFailed: 'It could not expire, and still holds its amount: approve or reject it.',
  auditRequestExpired: (kind: string, amount: string, who: string, whom: string) =>
    `Expired after 7 days: ${who}'s ${kind} of ${amount} for ${whom}; its hold was released.`,
} as const;

/**
 * Issue 33 item 8: the landing page says what the bank is and what it teaches (the spec's
 * "placeholder text", written for the teachers and families who arrive there first).
 */
export const landingText = {
  title: 'Banking for the whole school',
  what: 'School Bank is a real bank in miniature for a class: every Student has checking and savings accounts, teachers pay a weekly payday for class jobs, and every dollar is counted like a bank counts it.',
  teachesTitle: 'What it teaches',
  teaches: [
    'Earning: class jobs and paydays turn work into money on an account.',
    'Saving: goals fill up in order, and savings earn interest every month.',
    'Spending with care: money held for a waiting request cannot be spent twice.',
    'Keeping records: every deposit, transfer and correction stays in the history, with a monthly statement.',
  ],
  who: 'Teachers run the class bank, class bankers help them, and families can follow along.',
} as const;
