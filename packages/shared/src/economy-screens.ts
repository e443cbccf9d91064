/*
 * Issue 34 items 1 and 2 on the web: the texts of the Jobs, Awards and job board screens, and of
 * the schedule form's wage choice. A module of its own (as economy-text.ts is the API's), so the
 * store's screens grow beside it without touching the same lines.
 */

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const economyScreens = {
  // Menu and headings
  jobsTitle: 'Jobs',
  jobsSubtitle: 'Class jobs and their wages. A schedule can pay each student their jobs\u2019 wages.',
  myJobsTitle: 'Job board',
  myJobsSubtitle: 'Your jobs and your class\u2019s: what they pay, and who does them.',
  awardsTitle: 'Awards',
  awardsSubtitle: 'Your own bonus and fine buttons. Choose students, then press a button.',

  // Jobs
  newJob: 'New job',
  createJobTitle: 'New job',
  editJobTitle: (name: string) => `Edit job ${name}`,
  jobNameLabel: 'Job name',
  jobNameDescription: 'What the class calls it: "Librarian", "Plant waterer".',
  wageLabel: 'Wage',
  wageDescription: 'What the job pays each holder every payday of wages.',
  holdersLabel: 'Students who hold it',
  holdersDescription: 'A student holds at most 3 jobs.',
  holdersPlaceholder: 'Choose students',
  jobsTable: 'Class jobs',
  jobColumn: 'Job',
  holdersColumn: 'Held by',
  noHolders: 'Nobody yet',
  noJobs: 'No jobs yet. Make the first with "New job".',
  saveJob: 'Save job',
  createJob: 'Create job',
  savingJob: 'Saving\u2026',
  deleteJob: 'Delete job',
  confirmDeleteJob: (name: string) =>
    `Delete the job "${name}"? Its students no longer hold it; wages already paid stay paid.`,
  jobSaved: (name: string) => `Job "${name}" saved.`,
  jobDeleted: (name: string) => `Job "${name}" deleted.`,
  jobSaveFailed: 'The job was not saved',
  jobDeleteFailed: 'The job was not deleted',
  editJob: (name: string) => `Edit job ${name}`,

  // The Student's job board
  myJobsNone: 'You have no class job yet. Ask your teacher which jobs are free.',
  myJobPays: (wage: string) => `Pays ${wage} each wage day`,
  withYou: (names: string) => `With you: ${names}`,
  justYou: 'Just you',
  myJobsHeading: 'My jobs',
  classJobsHeading: 'Jobs in my class',
  classJobsNone: 'No other jobs in your class yet.',
  everyClass: 'Every class',
  /** Names, then how many more hold it (classmates past the list, and other classes' students). */
  namesAndMore: (names: string[], more: number) =>
    more > 0
      ? names.length
        ? `${names.join(', ')} and ${more} more`
        : plural(more, 'student', 'students')
      : names.join(', '),
  doneBy: (who: string) => `Done by ${who}`,
  nobodyYet: 'Nobody does it yet.',

  // Awards: the buttons
  newAward: 'New award',
  createAwardTitle: 'New award',
  editAwardTitle: (name: string) => `Edit award ${name}`,
  awardNameLabel: 'Award name',
  awardNameDescription: 'What the student reads on their account: "Award: Helped a classmate".',
  awardKindLabel: 'Kind',
  awardBonus: 'Bonus (pays the student)',
  awardFine: 'Fine (the student pays)',
  awardAmountLabel: 'Amount',
  saveAward: 'Save award',
  createAward: 'Create award',
  deleteAward: 'Delete award',
  confirmDeleteAward: (name: string) =>
    `Delete the award "${name}"? What it gave stays on the students\u2019 accounts.`,
  awardSaved: (name: string) => `Award "${name}" saved.`,
  awardDeleted: (name: string) => `Award "${name}" deleted.`,
  awardSaveFailed: 'The award was not saved',
  awardDeleteFailed: 'The award was not deleted',
  noAwards: 'No awards yet. Make your first button with "New award".',
  awardButtonsLabel: 'Give an award',
  awardButton: (name: string, signed: string) => `${name} ${signed}`,
  editAwardsLabel: 'Your award buttons',
  editAward: (name: string) => `Edit award ${name}`,

  // Awards: choosing students
  chooseHeading: 'Choose students',
  viewLabel: 'Show students as',
  viewList: 'List',
  viewSeats: 'Seat grid',
  seatGridLabel: 'Seat grid',
  studentListLabel: 'Students',
  chooseAll: 'Choose all',
  chooseNone: 'Clear',
  chosenCount: (n: number) => `${plural(n, 'student', 'students')} chosen`,
  chooseFirst: 'Choose at least one student first.',
  noStudentsInClass: 'No students in this class yet.',
  classLabel: 'Class',
  selectClass: 'Select a class',

  // Awards: giving
  confirmGive: (award: string, signed: string, names: string[]) =>
    `Give "${award}" (${signed}) to ${names.length <= 5 ? names.join(', ') : `${names.slice(0, 5).join(', ')} and ${names.length - 5} more`}?`,
  giveButton: 'Give',
  giving: 'Giving\u2026',
  givenBonus: (award: string, count: number, total: string) =>
    `"${award}" given to ${plural(count, 'student', 'students')}: ${total} in all.`,
  givenFine: (award: string, count: number, total: string) =>
    `"${award}" charged to ${plural(count, 'student', 'students')}: ${total} in all.`,
  givenNobody: (award: string) => `"${award}" was given to nobody.`,
  leftOutHeading: (n: number) => `Left out (${n}):`,
  leftOutLine: (name: string, reason: string) => `${name}: ${reason}`,
  giveFailed: 'The award was not given',

  // The schedule form
  payWagesLabel: 'Pay each student their jobs\u2019 wages',
  payWagesDescription:
    'Instead of one amount: each student gets the sum of their jobs\u2019 wages. A student with no job is left out.',
} as const;
