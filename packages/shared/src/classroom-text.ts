/*
 * The classroom tools' screen texts (staff): a module of its own, not in messages.ts, because the
 * sign-in page loads messages.ts and would carry these too (issue 22). Every text a person reads
 * is in messages.ts or in one of the modules its opening comment names.
 */

// ---------------------------------------------------------------------------------------------
// Classroom tools, web screens (issue 12): Memo, Payday, Students, Import Students, sign-in slips.
// The API's own texts for these live with the schemas; these are the screens'.
// ---------------------------------------------------------------------------------------------
export const classroomText = {
  memoLabel: 'Memo',
  memoDescription: 'Optional: a short note that shows in the history, e.g. "Class job: librarian".',

  // Payday
  paydayTitle: 'Payday',
  paydaySubtitle: 'Pay a whole branch at once, or collect its rent or fines.',
  paydayKindLabel: 'What kind of payday?',
  paydayDeposit: 'Deposit',
  paydayDepositDescription: 'Pay the class: wages for class jobs, bonuses, rewards.',
  paydayWithdrawal: 'Withdrawal',
  paydayWithdrawalDescription: "Collect from the class: the class's rent or fines.",
  paydayNotAllowed: 'The bank does not allow tellers to make deposits or withdrawals.',
  sameAmountLabel: 'One amount for everyone',
  sameAmountDescription: 'Off: type an amount in each row (Tab moves down the amount column).',
  amountForEveryone: 'Amount for everyone',
  paydayStudentsLabel: 'Students of the branch',
  includeStudent: (name: string) => `Pay ${name}`,
  includeEveryone: 'Pay every student',
  accountForStudent: (name: string) => `Account for ${name}`,
  amountForStudent: (name: string) => `Amount for ${name}`,
  payIntoLabel: 'Pay into',
  collectFromLabel: 'Collect from',
  accountTypeName: { CHECKING: 'Checking', SAVINGS: 'Savings' },
  lackingType: (names: string[], missing: string, kept: string) =>
    `${names.length} ${names.length === 1 ? 'student has' : 'students have'} no ${missing} account and ${names.length === 1 ? 'keeps' : 'keep'} their ${kept} account: ${names.join(', ')}.`,
  notPayable: (count: number) =>
    `${count} ${count === 1 ? 'student has' : 'students have'} no open account and cannot be paid:`,
  noStudentsInBranch: 'This branch has no Students.',
  nothingChosen: 'Choose at least one row.',
  paydaySummaryLabel: 'Payday summary',
  paydayTicked: (ticked: number, total: number) =>
    `${ticked} of ${total} ${total === 1 ? 'student' : 'students'}`,
  paydayTotal: (total: string) => `Total ${total}`,
  paydayMemo: (memo: string) => `Memo: ${memo}`,
  paydayBalance: (balance: string) => `Balance ${balance}`,
  noMemo: 'No memo',
  reviewHeading: 'Check the payday, then submit',
  reviewPayday: 'Review Payday',
  submitPayday: 'Submit Payday',
  processingPayday: 'Processing Payday...',
  paydayFailed: 'Failed to process payday',
  paydaySucceeded: 'Payday successfully submitted',
  paydayRefused: 'Some rows cannot be paid. Nothing has been written; go back and fix or skip them.',
  paydayCount: (count: number) => `${count} ${count === 1 ? 'student' : 'students'}`,
  anotherPayday: 'Make Another Payday',
  downloadCsv: 'Download CSV',

  // Students
  studentsTitle: 'Students',
  studentsSubtitle: 'Find a student, see their accounts, pay in or out.',
  searchLabel: 'Search',
  searchPlaceholder: 'Name or User Id',
  allBranches: 'All branches',
  noStudentsFound: 'No students match.',
  noOpenAccounts: 'No open accounts',
  resetPasswordFor: (name: string, userId: string) => `Reset Password: ${name} (${userId})`,
  studentsNoun: { one: 'student', many: 'students' },
  /** The menu of an account's flows on a phone. */
  accountActions: (name: string, account: string) => `Deposit or withdraw: ${name}, ${account}`,
  deposit: 'Deposit',
  withdraw: 'Withdraw',

  // Import Students
  importTitle: 'Import Students',
  importSubtitle: 'Create a class of Students, with their accounts, from one CSV file.',
  importButton: 'Import Students',
  rosterLabel: 'Roster (CSV)',
  rosterDescription:
    'One student per line: User Id, name, branch (its name), accounts (CHECKING, SAVINGS, both as CHECKING;SAVINGS, or leave empty). Start with the line username,name,branch,accounts, as in the example in the box.',
  uploadCsv: 'Upload a .csv file',
  downloadSample: 'Download sample CSV',
  check: 'Check',
  checking: 'Checking...',
  checkFailed: 'The roster could not be checked',
  checkOk: (count: number) => `All ${count} rows are ready to create.`,
  checkProblems: (count: number) =>
    `${count} ${count === 1 ? 'row has a problem' : 'rows have problems'}. Fix the CSV and check again.`,
  recheckNeeded: 'The roster changed since it was checked. Check it again.',
  createStudents: 'Create Students',
  creatingStudents: 'Creating Students...',
  createFailed: 'Failed to create students',
  created: (count: number) => `${count} ${count === 1 ? 'student' : 'students'} created`,
  signInAddressIs: (address: string) => `Slips will print the sign-in address ${address}.`,
  signInAddressReach: 'Students must be able to open it from their own phones or computers.',
  signInAddressFromSetting:
    "It comes from the bank's PUBLIC_URL setting; to print another, start the bank with another PUBLIC_URL.",
  signInAddressHowToChange:
    'To print another, start the bank with PUBLIC_URL set to the address students use, e.g. PUBLIC_URL=http://bank.my-school.example:3000.',
  signInAddressUnreachable: (host: string) =>
    `Students cannot open this address: ${host} means "this computer", so on a student's device it leads nowhere.`,
  signInAddressFix:
    "Before you print, start the bank with PUBLIC_URL set to this computer's address on the school network, e.g. PUBLIC_URL=http://bank.my-school.example:3000.",
  createdNote:
    'Hand each student their temporary password: it is shown only here. Print the sign-in slips before you leave this screen.',
  printSlips: 'Print sign-in slips',
  doneWithImport: 'Done: forget the passwords',
  leaveImportTitle: 'Leave the import?',
  leaveImportMessage:
    'The temporary passwords are shown only on this screen. Print the sign-in slips first, or they are gone.',
  leave: 'Leave',
  stay: 'Stay',
  noImportResult: 'There are no sign-in slips to print. Import students first.',
  slipsTitle: 'Sign-in slips',
  print: 'Print',
  backToImport: 'Back to the import',
  slipUserId: 'User Id',
  slipPassword: 'Temporary password',
  slipSignIn: 'Sign in at',
  slipQrLabel: 'QR code of the sign-in address',
  slipScan: 'Scan to sign in',
  slipNote: 'You will choose your own password when you first sign in.',
} as const;
