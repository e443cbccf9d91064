/**
 * The OpenAPI document's words for each call, by `METHOD /path`: its summary, and what the schemas
 * cannot say (two fields that must differ, a CSV layout, a cursor that must be one the list gave) as
 * its description. Kept apart from the route entries so that the web app, which imports the
 * contract, does not download the document's prose (the bundle budget); the server reads it when it
 * registers the routes (issue 23).
 */
export interface RouteDoc {
  summary?: string;
  description?: string;
}

export const routeDocs: Readonly<Record<string, RouteDoc>> = {
  'DELETE /admin/accounts/:accountId/delete': {
    summary: 'Closes the account (kept for history); only when empty with nothing pending',
  },
  'DELETE /teller/schedules/:scheduleId': { summary: 'No more runs; its runs stay in the history' },
  'GET /admin/audit': {
    summary: "Audit records of the admin's bank, newest first; X-Next-Cursor when more exist",
  },
  'GET /admin/signInAddress': {
    summary:
      "The address printed on sign-in slips: PUBLIC_URL when the server has it, else null (the slips use the browser's)",
  },
  'GET /admin/users/:bankId': {
    summary:
      'Without limit every live user; with q, limit and cursor a page by User Id (X-Next-Cursor, X-Total-Count)',
    description: 'The next page starts after the cursor (a User Id) in User Id order.',
  },
  'GET /teller/accounts/bank/:bankId': {
    summary:
      'Without limit every open account; with q, limit and cursor a page, oldest first (X-Next-Cursor, X-Total-Count)',
    description:
      'A cursor must be the X-Next-Cursor this list gave: a cursor naming no row of the bank is a 400.',
  },
  'GET /teller/batches/:bankId': { summary: "The bank's paydays, newest first" },
  'GET /teller/batches/:bankId/:batchId': {
    summary: 'One payday and each of its payments with its student, in item order',
  },
  'GET /teller/requests/:bankId': {
    summary:
      "A page of the bank's requests: the waiting ones oldest first, then the decided newest first (X-Next-Cursor, X-Total-Count)",
  },
  'GET /teller/schedules/:bankId': { summary: "The bank's schedules, by next run (paused ones last)" },
  'GET /teller/schedules/:scheduleId/preview': {
    summary: 'The next run as a payday preview, and when it would run; writes nothing',
  },
  'GET /teller/schedules/:scheduleId/runs': {
    summary: 'A page of runs, newest first, with who was left out or cut and why (X-Next-Cursor)',
  },
  'GET /teller/students/:bankId': {
    summary:
      "The bank's Students with their open accounts, by name; filter by branch, search by q; with limit and cursor a page (X-Next-Cursor, X-Total-Count)",
    description:
      'A cursor must be the X-Next-Cursor this list gave: a cursor naming no row of the bank is a 400.',
  },
  'GET /user/classmates/:username': {
    summary: "A banker's classmates (their branch's other Students) with their open accounts, no balances",
  },
  'GET /user/goals/:username': { summary: "A Student's goals with their progress and pace" },
  'GET /user/requests/:username': {
    summary: 'A page of the requests a banker made, newest first (X-Next-Cursor)',
  },
  'GET /user/supportTickets/:bankId': {
    summary:
      "A page of tickets, oldest first (an admin's: the bank's; anyone else's: their own); X-Next-Cursor",
  },
  'GET /user/statements/:username': { summary: "A customer's issued statements, newest month first" },
  'GET /user/statements/download/:fileName': {
    summary: 'One issued statement as a PDF (statement-{accountId}-{YYYY-MM}.pdf)',
  },
  'POST /admin/accounts/create': {
    description: 'Names the owner by userId or username (one of them is required).',
  },
  'POST /admin/batches/:batchId/reverse': {
    summary: 'Reverse a whole payday, or the chosen accounts of it, as one new payday: all or nothing',
    description: 'Each of accountIds must be an account the payday paid: any other is a 400 naming it.',
  },
  'POST /admin/transactions/:transactionId/reverse': {
    summary:
      'Undo by writing the opposite (both legs of a transfer), with the reason as its memo; never erases',
  },
  'POST /admin/users/:userId/resetPassword': {
    summary: 'Answers text: "Temporary password: {password}"; ends the user\'s sessions',
  },
  'POST /admin/users/create': {
    summary: 'Answers text: "Successfully created user. Temporary password: {password}"',
    description: 'A Student (USER) needs a branchId.',
  },
  'POST /admin/users/import': {
    summary:
      'text/csv body "username,name,branch,accounts": ?dryRun=true checks (200); otherwise creates all (201) or nothing (400)',
    description:
      "text/csv (UTF-8) with the header row `username,name,branch,accounts` and up to 1000 rows, all Students: username a User Id (3 to 32 of A-Z a-z 0-9 . _ -, not taken, not twice in the file), name not blank (the text rule), branch the name or id of one of the bank's branches, accounts `CHECKING`, `SAVINGS`, `CHECKING;SAVINGS` or empty. Any invalid row is a 400 with fields keyed `rows.{line}`, and nothing is written.",
  },
  'POST /login': {
    summary: 'Sign in with JSON {username, password} and/or a Basic header; answers the token as text',
  },
  'GET /teller/jobs/:bankId': { summary: "The bank's class jobs by name, each with its holders" },
  'GET /user/jobs/:username': {
    summary: 'The jobs a Student holds (their own; staff: any Student of the bank)',
  },
  'GET /user/jobBoard/:username': {
    summary:
      "A Student's job board: the jobs of their class and of every class, theirs first, each with its wage, how many hold it and the classmates who do (names only)",
    description:
      "The Student themself, or staff of the bank; any other caller, a Student of another bank or a User Id that is not a Student is a 404. holderNames are the Student's classmates holding the job (display name, else first name; at most 40, by name); holderCount counts every holder. Never another class's job, a User Id or a balance.",
  },
  'POST /teller/jobs': {
    summary:
      "A class job with its wage: for a branch, or (branchId null) every branch; a teacher's is their class's",
    description: 'branchId must be a branch of the bank (404 otherwise).',
  },
  'PUT /teller/awards/:awardId': { description: 'At least one field must be sent.' },
  'PUT /teller/jobs/:jobId': {
    summary: 'Change its name or wage, or set its holders (the whole list)',
    description:
      "At least one field must be sent. Each User Id at most once in holders, whatever its case. Holders must be current Students of the job's branch (any branch of the bank for a job of every branch): any other is a 400 naming it. A Student holds at most 3 jobs: one more is a 409 naming them, and nothing changes.",
  },
  'DELETE /teller/jobs/:jobId': { summary: 'The job and its holdings go; wages paid stay paid' },
  'GET /teller/awards/:bankId': { summary: "The bank's awards (bonus and fine buttons) by name" },
  'POST /teller/awards/:awardId/give': {
    summary: "Give an award to many Students at once, as one payday whose memo is the award's name",
    description:
      'Exactly one of accountIds and usernames (each Student on their CHECKING account), each at most once (a User Id whatever its case). Not all or nothing: a fine a Student cannot pay from their available money (or one without an open CHECKING account) leaves them out, listed in leftOut with the reason; batchId is null when nobody was paid. An account or Student not of the bank is a 404 naming each; a teacher gives only to their own class (403).',
  },
  'POST /teller/batches': {
    summary: 'Class payday: one deposit or withdrawal per item, all or nothing',
    description:
      'Each account at most once in items (a repeat is a 400 naming it); a withdrawal that would overdraw is a 409.',
  },
  'POST /teller/batches/preview': {
    summary: "A payday's effect on each account, writing nothing",
    description:
      'Each account at most once in items (a repeat is a 400 naming it); a withdrawal that would overdraw is a 409.',
  },
  'POST /teller/requests/:requestId/approve': {
    summary: "Approve a waiting request: its money moves as a teller's deposit or withdrawal would",
  },
  'POST /teller/requests/:requestId/reject': {
    summary: 'Reject a waiting request with a reason; its hold is released',
  },
  'POST /teller/transactions/:transactionId/reverse': {
    summary:
      "A teacher reverses a transaction of their own class's Students (both accounts of a transfer), as the admin's call does",
    description:
      "A TELLER needs the bank's tellerCanReverse and a branch, and every account the transaction touches must be of a Student of that branch (403 otherwise: TELLER_PERMISSION_MISSING, NO_CLASS or NOT_YOUR_CLASS); an ADMIN may for any Student of the bank. Another bank's transaction is a 404.",
  },
  'POST /teller/batches/:batchId/reverse': {
    summary:
      "A teacher reverses a payday, or the chosen students of it, when every item reversed is of their own class's Students",
    description:
      'As POST /admin/batches/{batchId}/reverse. A TELLER needs tellerCanReverse and a branch, and every item reversed must be of a Student of that branch (403 otherwise); an ADMIN may for any payday of the bank.',
  },
  'POST /teller/users/:username/resetPassword': {
    summary:
      'Answers text: "Temporary password: {password}"; a Student of the teacher\'s own class; ends their sessions',
    description:
      'A TELLER needs tellerCanResetPasswords and a branch, and the Student must be of that branch (403 otherwise); an ADMIN may for any Student of the bank. A user who is not a Student of the bank is a 404.',
  },
  'PUT /teller/users/:username/banker': {
    summary: "Makes a Student of the teacher's own class a class banker, or no longer one",
    description:
      'A TELLER needs tellerCanManageBankers and a branch, and the Student must be of that branch (403 otherwise); an ADMIN may for any Student of the bank. A user who is not a Student of the bank is a 404.',
  },
  'POST /teller/students/slips': {
    summary:
      'New temporary passwords for 1 to 200 Students, as sign-in slips; their sessions end. All or nothing',
    description:
      'Each Student at most once. The caller must be allowed to reset every one (as POST /teller/users/{username}/resetPassword); one refused, and nothing changes. A name that is no Student of the bank is a 404.',
  },
  'GET /teller/students/:bankId/goals': {
    summary: 'The goals of a page of Students (1 to 100 User Ids), in one call instead of one per Student',
    description:
      'usernames is a comma-separated list of User Ids, each at most once. A User Id that names no Student of the bank is left out of the answer.',
  },
  'POST /teller/schedules': {
    summary: "A payday or bill that runs on its own at 06:00 in the bank's time zone",
    description:
      'Each account at most once in accountIds; startDate today or later in the bank\'s time zone; amount is required unless amountFrom is "wage" (then each Student is paid their jobs\' wages, and only a deposit may).',
  },
  'POST /teller/schedules/:scheduleId/runNow': {
    summary: 'An extra run now (the regular ones stay where they are)',
  },
  'POST /teller/schedules/preview': {
    summary:
      "A schedule's next run before it is saved (the form's terms), as a payday preview; writes nothing",
    description:
      'Each account at most once in accountIds; startDate today or later in the bank\'s time zone; amount is required unless amountFrom is "wage" (then each Student is paid their jobs\' wages, and only a deposit may).',
  },
  'POST /user/goals': {
    summary: 'A Student sets a goal on one of their savings accounts (at most 5 an account)',
    description: 'accountId must be a savings account (a 400 otherwise); at most 5 goals an account (409).',
  },
  'POST /user/requests': {
    summary:
      "A class banker asks to deposit to or withdraw from a classmate's account; approved at once within the day's limit",
    description:
      'Approved at once when it goes at once (see the preview) and the account can pay; otherwise it waits for staff. A withdrawal the account cannot pay is never refused: it waits, holding nothing.',
  },
  'POST /user/requests/:requestId/cancel': {
    summary: 'The banker who made it takes back a waiting request; its hold is released',
  },
  'POST /user/requests/preview': {
    summary: 'Whose account, and whether the request goes at once; nothing of the money; writes nothing',
    description:
      "goesAtOnce: the amount fits what is left of the bank's limit for this classmate today (all bankers, all their accounts, the bank's time zone), and, for a withdrawal, none of theirs waits. It never depends on the balance.",
  },
  'POST /user/transfers': { description: 'toAccountId must differ from fromAccountId.' },
  'PUT /admin/bank/update': {
    description:
      "timeZone is an IANA time zone name the server's time zone database knows (America/New_York); any other is a 400.",
  },
  'PUT /admin/users/:userId/updateUser': {
    description:
      'A userId in the body, if sent, must equal the one in the path. A Student (USER) needs a branch; only a Student may be a banker.',
  },
  'PUT /teller/schedules/:scheduleId': {
    summary: 'Change any field, or pause and resume (active); changes only future runs',
    description:
      'At least one field must be sent. After the change, amount is required unless amountFrom is "wage" (then each Student is paid their jobs\' wages, and only a deposit may).',
  },
  'PUT /user/goals/:goalId': { description: 'At least one field must be sent.' },
  'PUT /user/users/:userId/updateDisplayName': {
    summary: 'Raw text/plain body; empty clears the display name',
  },
  'PUT /user/users/:userId/updatePassword': {
    summary: 'JSON [currentPassword, newPassword]; answers text "Password updated!"',
    description:
      "A 400 CURRENT_PASSWORD_WRONG when the current password is not the user's; a 400 PASSWORD_TOO_WEAK when the new one is shorter than 8 characters, only spaces, the User Id, the current password or a common password.",
  },
  'PUT /users/:userId/updateDisplayName': { summary: 'Raw text/plain body; empty clears the display name' },
  // The class store (API.md "The class economy")
  'POST /teller/items': {
    summary:
      'A store item; a TELLER sells to their own class (branchId absent = their branch), an ADMIN to any or the whole bank',
    description:
      "A TELLER without a branch, or naming another branch or null (the whole bank), is a 403 (NO_CLASS, NOT_YOUR_CLASS); another bank's branch is a 404; at most 200 items a bank (409).",
  },
  'PUT /teller/items/:itemId': {
    summary: "Change any field of an item (a TELLER: their own class's items only)",
    description:
      'At least one field must be sent. Stock is what is left to order. A TELLER may not move it out of their class (403).',
  },
  'DELETE /teller/items/:itemId': {
    summary:
      'The item is no longer listed or sold; its orders stay, and waiting ones may still be given or refunded',
  },
  'GET /user/items/:bankId': {
    summary:
      "The bank's items by name: a Student sees the active ones of their branch and of the whole bank; staff every item",
  },
  'POST /user/orders': {
    summary:
      'A Student orders an item: its price is held on their account and one taken from stock, atomically',
    description:
      'A 409 INSUFFICIENT_FUNDS above available (nothing held), SOLD_OUT when no stock is left, LIMIT_REACHED at the per-student limit (waiting and given orders count). An item the Student cannot see, or an account not theirs, is a 404.',
  },
  'GET /user/orders/:username': { summary: "A page of a Student's orders, newest first (X-Next-Cursor)" },
  'POST /user/orders/:orderId/cancel': {
    summary: 'The Student takes back a waiting order: the hold is released and the stock given back',
    description: 'A 409 when it is no longer waiting.',
  },
  'GET /teller/orders/:bankId': {
    summary:
      "A page of the bank's orders: the waiting ones oldest first, then the decided newest first (X-Next-Cursor, X-Total-Count)",
  },
  'POST /teller/orders/:orderId/fulfil': {
    summary:
      'The item was handed over: the hold becomes a debit "Store: {item}" (a TELLER: their own class\'s orders)',
    description:
      'A 409 when it is no longer waiting; 403 NO_CLASS or NOT_YOUR_CLASS for a TELLER of no or another class.',
  },
  'POST /teller/orders/:orderId/refund': {
    summary: 'The order is refunded: the hold is released and the stock given back',
    description:
      'A 409 when it is no longer waiting; 403 NO_CLASS or NOT_YOUR_CLASS for a TELLER of no or another class.',
  },
  // Auctions (API.md "The class economy")
  'POST /teller/auctions': {
    summary:
      'An auction; a TELLER holds one for their own class (branchId absent = their branch), an ADMIN for any or the whole bank',
    description:
      "endsAt must lie ahead (within 90 days); minIncrement defaults to 1.00. A TELLER without a branch, or naming another branch or null (the whole bank), is a 403 (NO_CLASS, NOT_YOUR_CLASS); another bank's branch is a 404; at most 200 open auctions a bank (409).",
  },
  'PUT /teller/auctions/:auctionId': {
    summary: 'Change any field of an open auction nobody has bid on (a TELLER: their own class only)',
    description:
      'At least one field must be sent; endsAt must lie ahead (within 90 days). A 409 AUCTION_HAS_BIDS once anyone has bid (cancel it instead), AUCTION_ENDED once it has ended or was cancelled.',
  },
  'POST /teller/auctions/:auctionId/cancel': {
    summary: 'Cancels an open auction: every hold of its bids is released, nobody is charged',
    description: 'A 409 AUCTION_ENDED once it has ended or was cancelled.',
  },
  'GET /user/auctions/:bankId': {
    summary:
      "The bank's auctions, open ones first (soonest ending first), then the newest (at most 200): a Student sees those of their branch and of the whole bank, the open ones unless status is named",
    description:
      "highBid is the high bid's amount, never who made it; myBid the caller's own highest bid; winner and transactionId only for staff and for the winner.",
  },
  'POST /user/auctions/:auctionId/bids': {
    summary:
      "A Student bids from one of their accounts: the bid's amount is held, and the high bid it beats (theirs or another's) is released at once",
    description:
      'A bid must be at least startingBid and at least highBid + minIncrement (409 BID_TOO_LOW), within available (409 INSUFFICIENT_FUNDS), on an auction still open (409 AUCTION_ENDED). A bid in the last minute moves endsAt one minute later, at most 10 times. An auction the Student cannot see, or an account not theirs, is a 404.',
  },
};
