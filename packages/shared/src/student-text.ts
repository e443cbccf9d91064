/**
 * Issue 33 item 9: the lines a Student (8 to 14 years old) reads beside the product spec's
 * texts, which stay verbatim. Each says in everyday words what a thing is, what happens next or
 * what to do. docs/plain-language.md is the checklist and the table of the screens reviewed.
 * The sign-in page's lines are in messages.ts (that page loads only that module, issue 22).
 */
export const studentText = {
  // Home: the account cards
  /** Under the account type on a card and on Account Information: what the account is for. */
  accountKindLine: {
    CHECKING: 'For spending and moving money',
    SAVINGS: 'For saving: the bank adds a little every month',
  },
  /** Under "Available … (held … for a waiting request)" on a Student's own card. */
  heldExplained: (held: string) =>
    `${held} is set aside: a class banker asked to take it out, and your teacher has not decided yet.`,

  // Transfer
  transferIntro: 'Move money between your own accounts, for example from checking into savings.',
  fromAccountHint: 'The account the money leaves.',
  toAccountHint: 'The account the money goes into.',
  /** Under the confirm view's heading, before anything has moved. */
  confirmNothingYet: (submit: string) =>
    `Nothing has moved yet. Press ${submit} to move the money, or Back to change something.`,
  /** Under "Failed to process transfer" (spec §8) and the server's reason. */
  flowFailedHelp:
    'No money moved. Check the accounts and the amount, then try again. If it happens again, ask your teacher.',

  // Account Information
  accountInfoIntro: 'Every account has its own number, the way every house has its own address.',
  accountNumberHint: 'Only this account has this number.',
  routingNumberHint: 'The number of the bank itself: the same for every account here.',

  // Settings and Edit Display Name
  settingsIntro:
    'Your name in the bank and your password. Keep your password secret: only you should know it.',
  displayNameHint: 'The name the bank greets you with, such as a nickname.',
  displayNameFieldHint:
    'The name the bank greets you with, such as a nickname. Leave it empty to use your name.',
  notSet: 'Not set: the bank uses your name',

  // Statements
  statementsIntro:
    'A statement lists everything that happened in one account during one month. Newest first: select a file name to download it.',
  statementsEmpty: 'No statements yet. Each account gets one when a month ends: look again next month.',

  // Support
  supportIntro:
    'A ticket is a message to the people who look after this app. Write one if something does not work or you have an idea. Questions about your money? Ask your teacher.',

  // The not-found and error pages
  notFoundHelp: 'There is no page at this address. Check the address, or go back to Home.',
  errorHelp:
    'Something went wrong on this page. Press the button to start the app again. If it happens again, tell your teacher.',
} as const;
