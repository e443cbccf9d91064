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
