/**
 * The classroom tools of API.md "Classroom tools (beyond the product spec)": class payday
 * (`/teller/batches`), the students roster (`/teller/students/{bankId}`) and the roster import
 * (`/admin/users/import`). The memo of every money movement lives with the other transaction
 * schemas (transactions.ts).
 */
import { z } from 'zod';
import { limits } from '../constants.js';
import { errorReasons } from '../errors.js';
import { messages, schoolYearText } from '../messages.js';
import { accountType, account } from './accounts.js';
import { amountInCents, positiveId } from './common.js';
import { pageLimit, searchText, userCursor } from './paging.js';
import { chosenAccount, memo, reversalReason, transaction } from './transactions.js';

// ---------------------------------------------------------------------------------------------
// Class payday

export const BATCH_KINDS = ['deposit', 'withdrawal'] as const;
export const batchKind = z.enum(BATCH_KINDS);
export type BatchKind = z.infer<typeof batchKind>;

export const batchItem = z.object({
  accountId: chosenAccount(messages.batchAccountNotFound),
  /** Currency units in, integer cents after parsing (like every amount). */
  amount: amountInCents({ notNumber: messages.amountInvalid, notPositive: messages.amountInvalid }),
});
export type BatchItem = z.input<typeof batchItem>;

/** Each account at most once: every repeat after the first is named (`items.N.accountId`). */
function refuseRepeatedAccounts(items: { accountId: string }[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.accountId)) {
      ctx.addIssue({ code: 'custom', path: [index, 'accountId'], message: messages.batchAccountRepeated });
    }
    seen.add(item.accountId);
  });
}

/** POST /teller/batches and /teller/batches/preview. */
export const batchBody = z.object({
  kind: batchKind,
  memo,
  items: z
    .array(batchItem)
    .min(1, messages.batchItemsRequired)
    .max(limits.batchMaxItems, messages.batchTooManyItems)
    .superRefine(refuseRepeatedAccounts),
});
export type BatchBody = z.input<typeof batchBody>;
export type ParsedBatchBody = z.output<typeof batchBody>;

/** 201 of POST /teller/batches: the transactions in item order. `total` in currency units. */
export const batchResult = z.object({
  batchId: z.string(),
  kind: batchKind,
  memo: z.string().nullable(),
  count: z.number().int(),
  total: z.number(),
  transactions: z.array(transaction),
});
export type BatchResult = z.infer<typeof batchResult>;

/**
 * One row of a payday preview. For an account the actor may not see (unknown, closed, another
 * bank's) only `accountId` and the error are given: nothing says whether it exists.
 */
export const batchPreviewItem = z.object({
  accountId: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  accountType: accountType.nullable(),
  balance: z.number().nullable(),
  newBalance: z.number().nullable(),
  /** Null when the item would go through; else the text for a person. */
  error: z.string().nullable(),
  /** The same refusal for programs ("NOT_FOUND", "INSUFFICIENT_FUNDS"); null when none. */
  reason: z.enum(errorReasons).nullable(),
});
export type BatchPreviewItem = z.infer<typeof batchPreviewItem>;

/** 200 of POST /teller/batches/preview: `ok` when every item would go through. */
export const batchPreview = z.object({
  ok: z.boolean(),
  count: z.number().int(),
  total: z.number(),
  items: z.array(batchPreviewItem),
});
export type BatchPreview = z.infer<typeof batchPreview>;

/** GET /teller/batches/{bankId}: one payday; `createdBy` is the username who ran it. */
export const batchSummary = z.object({
  batchId: z.string(),
  kind: batchKind,
  memo: z.string().nullable(),
  count: z.number().int(),
  total: z.number(),
  createdBy: z.string(),
  /** The name of who ran it (issue 33: the history names people, not User Ids). */
  createdByName: z.string(),
  createdAt: z.string(),
  /** For a payday that undoes another (a reversal): that payday's id; null otherwise. */
  reversalOf: z.string().nullable(),
  /** How many of its payments have been reversed since. */
  reversedCount: z.number().int(),
  /** The classes it paid: each branch of its students once, by name. */
  branches: z.array(z.object({ branchId: z.number().int(), branchName: z.string() })),
  /** The names of its first students (at most 5; `count` says how many in all), in item order. */
  names: z.array(z.string()),
  /** The names of the first students whose payments were reversed since (at most 5 of `reversedCount`). */
  reversedNames: z.array(z.string()),
});
export type BatchSummary = z.infer<typeof batchSummary>;

/** One payment of a payday, with its student, for choosing whom to reverse. */
export const batchPayment = z.object({
  transactionId: z.number().int(),
  accountId: z.string(),
  accountType,
  /** The student's class: a teacher reverses only their own class's payments. */
  branchId: z.number().int(),
  username: z.string(),
  name: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'posted']),
  /** The reversal of this payment; null while it stands. */
  reversedBy: z.number().int().nullable(),
});
export type BatchPayment = z.infer<typeof batchPayment>;

/** GET /teller/batches/{bankId}/{batchId}: one payday and each of its payments, in item order. */
export const batchDetail = batchSummary.extend({ payments: z.array(batchPayment) });
export type BatchDetail = z.infer<typeof batchDetail>;

/** POST /admin/batches/{batchId}/reverse: the whole payday, or only these accounts of it. */
export const reverseBatchBody = z.object({
  reason: reversalReason,
  accountIds: z
    .array(chosenAccount(schoolYearText.batchAccountNotInBatch))
    .min(1, schoolYearText.batchAccountNotInBatch)
    .max(limits.batchMaxItems)
    .optional(),
});
export type ReverseBatchBody = z.input<typeof reverseBatchBody>;

/** 201: the new payday that undoes the chosen items, all or nothing. */
export const reverseBatchResult = z.object({
  batchId: z.string(),
  reversalBatchId: z.string(),
  count: z.number().int(),
  total: z.number(),
  transactions: z.array(transaction),
});
export type ReverseBatchResult = z.infer<typeof reverseBatchResult>;

// ---------------------------------------------------------------------------------------------
// Students roster

/** Query of GET /teller/students/{bankId}: a branch, a search, and a page (paging.ts). */
export const studentsQuery = z.object({
  branchId: positiveId.optional(),
  /** Case-insensitive, anywhere in name, display name or user id; blank means everyone. */
  q: searchText,
  limit: pageLimit,
  cursor: userCursor,
});
export type StudentsQuery = z.input<typeof studentsQuery>;

export const student = z.object({
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  displayName: z.string().nullable(),
  branchId: z.number().int(),
  /** A class banker (API.md "Students who take part"); a teacher may make one (issue 33). */
  banker: z.boolean(),
  /** Open accounts, as everywhere else. */
  accounts: z.array(account),
});
export type Student = z.infer<typeof student>;

// ---------------------------------------------------------------------------------------------
// Roster import

/** The header line the CSV must start with. */
export const IMPORT_CSV_HEADER = ['username', 'name', 'branch', 'accounts'] as const;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

/**
 * Query of POST /admin/users/import: `?dryRun=true` checks and writes nothing; with
 * `createBranches=true` a branch a row names that the bank does not have yet is created with the
 * students (issue 33: a new class), instead of being that row's error.
 */
export const importQuery = z.object({ dryRun: flag, createBranches: flag });

/** The cells of a roster line as they were written (trimmed), so a refused row shows what was typed. */
export const importCells = z.object({
  username: z.string(),
  name: z.string(),
  branch: z.string(),
  accounts: z.string(),
});

/** One checked row; `line` is the CSV's line number (the header is line 1). */
export const importRow = z.object({
  line: z.number().int(),
  written: importCells,
  username: z.string(),
  name: z.string(),
  /** The branch the `branch` cell names; null when it names none of the bank's (yet). */
  branchId: z.number().int().nullable(),
  accounts: z.array(accountType),
  /** Null when the row is fine; else what is wrong with it. */
  error: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRow>;

/**
 * 200 of a dry run: `ok` when every row would be created. `newBranches`: the branches rows name that
 * the bank does not have yet and that `createBranches=true` would create (by name, as first written).
 */
export const importCheck = z.object({
  ok: z.boolean(),
  rows: z.array(importRow),
  newBranches: z.array(z.string()),
});
export type ImportCheck = z.infer<typeof importCheck>;

export const importedStudent = z.object({
  username: z.string(),
  name: z.string(),
  branchId: z.number().int(),
  /** Shown once: the student must choose their own password at first sign-in. */
  temporaryPassword: z.string(),
  accounts: z.array(account),
});
export type ImportedStudent = z.infer<typeof importedStudent>;

/** 201 of an import: every student created, in file order. */
export const importResult = z.object({ created: z.array(importedStudent) });
export type ImportResult = z.infer<typeof importResult>;
