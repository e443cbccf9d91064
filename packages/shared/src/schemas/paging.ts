/**
 * Long lists (API.md "The school year": Long lists): the Students roster, the admin's users and the
 * bank's accounts also page. With `limit` an answer carries at most that many rows, `X-Next-Cursor`
 * when more exist and `X-Total-Count` (every row that matches); without it they answer as before.
 * A cursor is the last row's own key (a User Id or an account number), so it names nothing the
 * caller has not seen; the server finds the row's place in the order from it.
 */
import { z } from 'zod';
import { ACCOUNT_NUMBER_PATTERN, limits, ROLES, USERNAME_PATTERN } from '../constants.js';
import { positiveId } from './common.js';
import { messages } from '../messages.js';
import { text } from './text.js';

/** Case-insensitive, anywhere in the row's names and ids; blank means every row. */
export const searchText = text({
  label: 'Search',
  max: limits.studentSearchMaxLength,
  tooLong: messages.studentSearchTooLong,
})
  .optional()
  .transform((value) => (value ? value : undefined));

export const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(limits.listPageMax)
  .optional()
  .describe(`1 to ${limits.listPageMax}; without it the whole list (the product spec's call)`);

const cursorOf = (pattern: RegExp, what: string) =>
  z.string().regex(pattern, messages.pageCursorInvalid).optional().describe(`X-Next-Cursor: ${what}`);

/** The rows' order is by User Id (users) or by name then User Id (students). */
export const userCursor = cursorOf(USERNAME_PATTERN, 'the User Id of the last row');
export const accountCursor = cursorOf(ACCOUNT_NUMBER_PATTERN, 'the account number of the last row');

/** Query of GET /admin/users/{bankId}: a search, a branch and a role to narrow it (issue 33), a page. */
export const usersQuery = z.object({
  q: searchText,
  branchId: positiveId.optional(),
  role: z.enum(ROLES).optional(),
  limit: pageLimit,
  cursor: userCursor,
});
/** Query of GET /teller/accounts/bank/{bankId}: a search, a branch (issue 33), a page. */
export const bankAccountsQuery = z.object({
  q: searchText,
  branchId: positiveId.optional(),
  limit: pageLimit,
  cursor: accountCursor,
});

/**
 * The lists that always page (issue 31: a limit on everything): without `limit` an answer has the
 * default number of rows, and `X-Next-Cursor` says more follow. A cursor is the last row's key.
 */
export const pageLimitOf = (defaultLimit: number, max: number) =>
  z.coerce
    .number()
    .int()
    .min(1)
    .max(max)
    .default(defaultLimit)
    .describe(`1 to ${max}, default ${defaultLimit}; X-Next-Cursor when more rows follow`);

/**
 * The id of the last row (support tickets, a banker's requests): at most 9 digits, so every
 * cursor the pattern allows fits the ids' integer column (a 10-digit one would be a 500).
 */
export const idCursor = cursorOf(/^[1-9][0-9]{0,8}$/, 'the id of the last row');
/** A bank's requests: `w` (still in the waiting queue) or `d` (decided), then the last row's id. */
export const queueCursor = cursorOf(/^[wd][1-9][0-9]{0,8}$/, 'w or d, then the id of the last row');
/** A schedule's runs: the last run's time (milliseconds since 1970) and its id. */
export const runCursor = cursorOf(
  /^[0-9]{1,15}-[1-9][0-9]{0,14}$/,
  'the last run: its time in ms, "-", its id',
);

/** Query of GET /user/supportTickets/{bankId}: every ticket a realistic bank has, in one page. */
export const ticketsQuery = z.object({
  limit: pageLimitOf(limits.listPageMax, limits.listPageMax),
  cursor: idCursor,
});
