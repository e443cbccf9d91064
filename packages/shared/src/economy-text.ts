/*
 * Issue 34, the class economy (API.md "The class economy"): class jobs with wages, and awards
 * (a teacher's own bonus and fine buttons). Its limits and every text of its API, in a module of
 * its own like teacher-text.ts, so the store and auctions can grow beside it without touching
 * messages.ts.
 */

/** Where a schedule's amount comes from: the amount it names, or each Student's jobs' wages. */
export const AMOUNT_FROM = ['fixed', 'wage'] as const;
export type AmountFrom = (typeof AMOUNT_FROM)[number];

export const economyLimits = {
  /** A job's and an award's name ("Librarian", "Helped a classmate"), short like a memo. */
  jobNameMaxLength: 60,
  awardNameMaxLength: 60,
  /** Jobs one Student may hold (job_holders_slot_range). */
  jobsPerStudentMax: 3,
  /** Jobs and awards a bank may have: what keeps their unpaged lists short. */
  jobsPerBankMax: 500,
  awardsPerBankMax: 500,
  /** Holders of one job (a job every Student of a class holds is the most it needs). */
  jobHoldersMax: 1000,
  /** Students one award goes to at once (a payday's items). */
  awardGiveMax: 1000,
  /** Classmates named on one job of the job board (a class's size); `holderCount` counts them all. */
  jobBoardNamesMax: 40,
} as const;

export const economyText = {
  // Jobs
  jobNameRequired: 'Give the job a name.',
  jobNameTooLong: `The name must be at most ${economyLimits.jobNameMaxLength} characters.`,
  jobWageInvalid: 'Enter a wage greater than 0.',
  jobBranchNotFound: 'No branch of this bank has this id.',
  jobNothingToChange: 'Send at least one of name, wage or holders.',
  jobHolderRepeated: 'This Student is already named.',
  jobTooManyHolders: `A job has at most ${economyLimits.jobHoldersMax.toLocaleString('en-US')} holders.`,
  jobHolderNotStudent: 'No Student of this bank has this User Id.',
  jobHolderNotInClass: "This Student is not in the job's class.",
  jobHoldersRefused: 'Some of these Students cannot hold this job. Nothing was changed.',
  jobLimitReached: (name: string) =>
    `${name} already has ${economyLimits.jobsPerStudentMax} jobs: take one away first.`,
  jobsLimitReached: 'Some of these Students already have 3 jobs. Nothing was changed.',
  tooManyJobs: `A bank has at most ${economyLimits.jobsPerBankMax} jobs. Delete one first.`,
  jobNoClass:
    'You have no class yet, so you cannot make class jobs. Ask an admin to give you a class: your branch, in Manage Users.',
  jobNotYourClass: "This job is not your class's. Ask an admin, or the class's own teacher.",

  // Awards
  awardNameRequired: 'Give the award a name.',
  awardNameTooLong: `The name must be at most ${economyLimits.awardNameMaxLength} characters.`,
  awardAmountInvalid: 'Enter an amount greater than 0.',
  awardNothingToChange: 'Send at least one of name, kind or amount.',
  tooManyAwards: `A bank has at most ${economyLimits.awardsPerBankMax} awards. Delete one first.`,
  giveWhomInvalid: 'Choose at least one student (accountIds or usernames).',
  giveTooMany: `An award goes to at most ${economyLimits.awardGiveMax.toLocaleString('en-US')} students at once.`,
  giveRepeated: 'This student is already chosen.',
  giveAccountNotFound: 'No open account of this bank has this number.',
  giveStudentNotFound: 'No Student of this bank has this User Id.',
  giveNotFound: 'Some of the chosen students or accounts are not of this bank. Nothing was given.',
  giveNoClass:
    'You have no class yet, so you cannot give awards. Ask an admin to give you a class: your branch, in Manage Users.',
  /** An award's row on the account page and statements (issue 34 item 5), as the store's "Store: {item}". */
  awardDescription: (name: string) => `Award: ${name}`,
  giveNotYourClass: 'Some of these students are not in your class. Ask an admin, or their own teacher.',

  // Why a wage run or an award left a Student out (beside schoolYearText's reasons)
  leftOutNoJob: 'No job.',

  // Schedules paid from wages
  scheduleAmountRequired: 'Enter an amount greater than 0, or pay from wages.',
  scheduleWageOnlyDeposit: 'Only a payday (a deposit) can pay wages.',
  scheduleWagesDescription: 'the wages of their jobs',
} as const;
