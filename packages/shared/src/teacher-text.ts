/*
 * Issue 33, a teacher's year without dead ends: what a teacher (a Teller) may do for their own class,
 * what the screens say where an admin must do it instead, reprinted sign-in slips, the payday
 * history as a class's history, and the lists a teacher works with. A module of its own, like
 * classroom-text.ts: the sign-in page loads messages.ts and would carry these too (issue 22).
 */
import type { ClassRight } from './permissions.js';

/** What each right lets a teacher do, in the words the screens use ("reverse a payment"). */
const rightWords: Record<ClassRight, string> = {
  reverse: 'reverse a payment or a payday',
  resetPasswords: 'reset a password or print new sign-in slips',
  manageBankers: 'make a student a class banker',
};

/** The bank setting that turns each right on, as Bank Settings labels it. */
const rightSettings: Record<ClassRight, string> = {
  reverse: 'Teachers may reverse payments and paydays',
  resetPasswords: 'Teachers may reset passwords and print new sign-in slips',
  manageBankers: 'Teachers may choose class bankers',
};

export const teacherText = {
  // Bank Settings (admin)
  rightsLegend: "What teachers may do for their own class's students",
  rightsHint:
    'A teacher (a Teller) works with the students of their own branch. Turned off, only an admin may do it, and the teacher is told to ask one.',
  rightSetting: rightSettings,
  rightOnText: 'Teachers may, for their own class',
  rightOffText: 'Only admins',

  // The API's refusals (403), each saying whom to ask for what.
  rightOff: (right: ClassRight) =>
    `Only an admin may ${rightWords[right]} in this bank. Ask an admin to do it, or to turn on "${rightSettings[right]}" in Bank Settings.`,
  noClass: (right: ClassRight) =>
    `You have no class yet, so you cannot ${rightWords[right]}. Ask an admin to give you a class: your branch, in Manage Users.`,
  noClassAtAll:
    "You have no class yet, so you cannot act for a class's students. Ask an admin to give you a class: your branch, in Manage Users.",
  notYourClass: (right: ClassRight) =>
    `This student is not in your class. Ask an admin, or the student's own teacher, to ${rightWords[right]}.`,

  // The API's checks of a list of Students
  studentsRequired: 'Name at least one student.',
  tooManyStudents: (max: number) => `At most ${max} students at a time.`,
  studentRepeated: 'This student is named twice.',

  // The screens' "Ask an admin" lines: the same three cases, said where the button would be.
  askAdmin: 'Ask an admin',

  // Students: choosing, slips, bankers
  chooseStudent: (name: string) => `Choose ${name}`,
  resetShort: 'Reset',
  chooseAllShown: 'Choose every student shown',
  chosenCount: (count: number) => `${count} chosen`,
  printNewSlips: 'Print new sign-in slips',
  printNewSlipsFor: (count: number) =>
    `Print new sign-in slips (${count} ${count === 1 ? 'student' : 'students'})`,
  printClassSlips: (className: string, count: number) =>
    `New slips for the whole class: ${className} (${count})`,
  newSlipsConfirm: (count: number) =>
    count === 1
      ? 'Give this student a new password and print their sign-in slip? Their old password stops working, and they are signed out everywhere.'
      : `Give these ${count} students new passwords and print their sign-in slips? Their old passwords stop working, and they are signed out everywhere.`,
  newSlipsConfirmButton: 'Give New Passwords',
  makingSlips: 'Making new passwords...',
  slipsFailed: 'The new sign-in slips could not be made',
  chooseFirst: 'Choose students first, or a class to print the whole class.',
  tooManyForSlips: (max: number) => `At most ${max} slips at a time: choose fewer students.`,
  printResetSlip: 'Print a sign-in slip',
  classOfSlips: 'Class',
  slipsFromStudents: 'New sign-in slips',
  slipsDone: 'Done: forget the passwords',
  backToStudents: 'Back to Students',
  noSlips: 'There are no new sign-in slips to print. Choose students on the Students screen first.',
  slipsNote:
    'Each password is shown only here. Print the slips before you leave: the old passwords no longer work.',
  slipScanNote: 'The code opens the sign-in page with your User Id filled in.',
  bankerColumn: 'Class banker',
  bankerFor: (name: string) => `Class banker: ${name}`,
  bankerOn: 'Yes',
  bankerOff: 'No',
  bankerSaved: (name: string, banker: boolean) =>
    banker ? `${name} is now a class banker.` : `${name} is no longer a class banker.`,
  bankerFailed: 'The class banker could not be changed',
  resetSlipLead: 'Print it on a slip, or hand it over yourself:',
  availableOfBalance: (available: string) => `${available} available`,
  heldNote: (held: string) => `${held} held for a waiting request`,
  yourClass: (className: string) => `Your class: ${className}`,

  // Payday history as a class's history
  paydayName: (memo: string | null, date: string) => memo ?? `Payday ${date}`,
  classColumn: 'Class',
  byColumn: 'By',
  reversalOf: (name: string, date: string) => `Undoes "${name}" of ${date}`,
  reversalOfFor: (name: string, date: string, names: string) => `Undoes "${name}" of ${date} for ${names}`,
  reversedFor: (names: string) => `Reversed for ${names}`,
  reversedEveryone: 'Reversed for everyone',
  andMore: (names: string[], more: number) =>
    more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', '),
  otherClass: '(another class)',
  onlyYourClass:
    'You may reverse the payments of your own class. Ask an admin to reverse those of another class.',

  // Lists a teacher works with
  allRoles: 'All roles',
  roleFilter: 'Role',
  branchFilter: 'Branch',
  classFilter: 'Class',
  ownerColumn: 'Owner',
  deleteWhenEmpty: 'Delete shows on an account once it is empty and has nothing pending.',
  bankerBadge: 'Banker',

  // Import: classes that do not exist yet
  newClassesFound: (names: string[]) =>
    names.length === 1
      ? `The class "${names[0]}" does not exist yet.`
      : `These classes do not exist yet: ${names.map((n) => `"${n}"`).join(', ')}.`,
  createClassesToo: (count: number) =>
    count === 1 ? 'Create this class with the import' : 'Create these classes with the import',
  classesWillBeCreated: (names: string[]) =>
    `Will be created with the students: ${names.map((n) => `"${n}"`).join(', ')}.`,
  newClass: (name: string) => `${name} (new)`,
} as const;
