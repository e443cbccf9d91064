/**
 * API.md "Teachers without dead ends": what a teacher (a TELLER) does for the Students of their own
 * class when the bank allows it, reprinted sign-in slips, and the goals of a page of Students.
 */
import { z } from 'zod';
import { limits, USERNAME_PATTERN } from '../constants.js';
import { messages } from '../messages.js';
import { teacherText } from '../teacher-text.js';
import { goal } from './participation.js';

/** 1 to `max` User Ids. */
function usernameArray(max: number) {
  return z
    .array(z.string().regex(USERNAME_PATTERN, messages.userIdFormat))
    .min(1, teacherText.studentsRequired)
    .max(max, teacherText.tooManyStudents(max));
}

/** User Ids, each at most once (regardless of case: a User Id is unique that way). */
function usernameList(max: number) {
  return usernameArray(max)
    .meta({ uniqueItems: true })
    .superRefine((names, ctx) => {
      const seen = new Set<string>();
      names.forEach((name, index) => {
        const key = name.toLowerCase();
        if (seen.has(key))
          ctx.addIssue({ code: 'custom', path: [index], message: teacherText.studentRepeated });
        seen.add(key);
      });
    });
}

/** PUT /teller/users/{username}/banker. */
export const bankerBody = z.object({ banker: z.boolean() });
export type BankerBody = z.input<typeof bankerBody>;

/** POST /teller/students/slips: the Students who get a new temporary password and a slip. */
export const slipsBody = z.object({ usernames: usernameList(limits.slipsMax) });
export type SlipsBody = z.input<typeof slipsBody>;

/** One printed sign-in slip: whose, their class (branch), and the password shown only this once. */
export const slip = z.object({
  username: z.string(),
  name: z.string(),
  branchName: z.string(),
  temporaryPassword: z.string(),
});
export type Slip = z.infer<typeof slip>;

/** 201 of POST /teller/students/slips, in the order the usernames were sent. */
export const slipsResult = z.object({ slips: z.array(slip) });
export type SlipsResult = z.infer<typeof slipsResult>;

/** One User Id as the pattern's body, for a pattern of several joined by commas. */
const oneUsername = USERNAME_PATTERN.source.slice(1, -1);

/**
 * Query of GET /teller/students/{bankId}/goals: the User Ids of one page of the roster, joined by
 * commas (at most a page's worth, so the address stays short). A User Id named twice is read once:
 * a read has nothing to refuse in it. The document states the list's whole pattern.
 */
export const studentGoalsQuery = z.object({
  usernames: z
    .string({ error: teacherText.studentsRequired })
    .max(limits.goalsPageMax * 33, teacherText.tooManyStudents(limits.goalsPageMax))
    .meta({ pattern: `^${oneUsername}(,${oneUsername}){0,${limits.goalsPageMax - 1}}$` })
    .describe(`1 to ${limits.goalsPageMax} User Ids, joined by commas`)
    .transform((text) => [
      ...new Map(
        text
          .split(',')
          .filter(Boolean)
          .map((name) => [name.toLowerCase(), name]),
      ).values(),
    ])
    .pipe(usernameArray(limits.goalsPageMax)),
});
export type StudentGoalsQuery = z.input<typeof studentGoalsQuery>;

/** One Student's goals, as GET /user/goals/{username} answers them. */
export const studentGoals = z.object({ username: z.string(), goals: z.array(goal) });
export type StudentGoals = z.infer<typeof studentGoals>;
