/**
 * Texts of the web app that the product spec does not define (spec texts come from @bank/shared's
 * `messages`). Kept here so that screens and tests share them.
 */
export const uiText = {
  networkError: 'The bank could not be reached. Check your connection and try again.',
  serverError: 'Something went wrong on our side. Nothing was changed.',
  unknownError: 'Something went wrong.',
  loading: 'Loading...',
  loadFailed: 'Could not load this information.',
  retry: 'Try again',
  userIdRequired: 'Please enter your User Id',
  passwordRequired: 'Please enter your password',
  mustChangePassword: 'You signed in with a temporary password. Choose a new password to continue.',
  tellerNotAllowed: 'The bank does not allow tellers to do this.',
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
} as const;
