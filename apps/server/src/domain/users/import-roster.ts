import { eq, inArray, sql } from 'drizzle-orm';
import {
  ACCOUNT_TYPES,
  branchName,
  createUserBody,
  messages,
  normaliseText,
  type AccountType,
  type ImportCheck,
  type ImportedStudent,
  type ImportResult,
  type ImportRow,
  USERNAME_PATTERN,
} from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { branches, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import type { Actor } from '../actor.js';
import { insertWithFreshNumber } from '../accounts/account-number.js';
import { isAccountTypeOffered } from '../accounts/create-account.js';
import { toAccount } from '../accounts/to-account.js';
import { issueTemporaryPasswords, type TemporaryPassword } from '../auth/temporary-password.js';
import { loadBank } from '../bank/bank-settings.js';
import { badRequest } from '../errors.js';
import { readRoster, type RosterRecord } from './roster-csv.js';

/** What the rows are checked against: the bank's branches and offered types, the names already taken. */
interface RosterContext {
  branches: { id: number; name: string }[];
  offered: (type: AccountType) => boolean;
  /** Lower-case usernames that exist already (in any bank, retired users included). */
  taken: Set<string>;
  /** A branch a row names that the bank does not have yet is to be created (`createBranches`). */
  creating: boolean;
}

/**
 * The branch a cell would name once created: a valid branch name (the branch schema's rule) that
 * is not an id (digits name a branch by id, and an id cannot be made); null otherwise.
 */
function creatableBranch(cell: string): string | null {
  if (/^[0-9]+$/.test(cell.trim())) return null;
  const parsed = branchName.safeParse(cell);
  return parsed.success ? parsed.data : null;
}

/** The branch a cell names: one of the bank's, by id or by name (any case), else null. */
function branchNamed(context: RosterContext, cell: string): number | null {
  // Names are stored by the text rule (one space between words, NFC): the cell is read the same way.
  const wanted = normaliseText(cell);
  const byId = /^[0-9]{1,10}$/.test(wanted)
    ? context.branches.find((b) => b.id === Number(wanted))
    : undefined;
  const byName = context.branches.find((b) => b.name.toLowerCase() === wanted.toLowerCase());
  return (byId ?? byName)?.id ?? null;
}

/** Stands in for the row's branch while the user rule checks the rest of the row. */
const ANY_BRANCH = 1;

/** The `accounts` cell: CHECKING, SAVINGS, both joined by `;` (any case), or empty; null if not that. */
function accountTypesIn(cell: string): AccountType[] | null {
  const named = cell
    .split(';')
    .map((part) => part.trim().toUpperCase())
    .filter(Boolean);
  if (!named.every((type): type is AccountType => (ACCOUNT_TYPES as readonly string[]).includes(type)))
    return null;
  return [...new Set(named)];
}

/**
 * One row by the rules of creating a Student and their accounts one at a time (the user schema's
 * username and name rules, the branch rule, the offered account types), plus: a username at most
 * once in the file. The first problem found is the row's error.
 */
function checkRow(record: RosterRecord, context: RosterContext, seen: Set<string>): ImportRow {
  const [username = '', name = '', branch = '', accountsCell = ''] = record.cells;
  const branchId = branchNamed(context, branch);
  const accounts = accountTypesIn(accountsCell);
  const row: ImportRow = {
    line: record.line,
    written: {
      username: username.trim(),
      name: name.trim(),
      branch: branch.trim(),
      accounts: accountsCell.trim(),
    },
    username: username.trim(),
    name: name.trim(),
    branchId,
    accounts: accounts ?? [],
    error: null,
  };
  const fail = (error: string): ImportRow => ({ ...row, error });
  if (record.cells.length !== 4) return fail(messages.importRowFieldCount);
  const user = createUserBody.safeParse({
    username,
    name,
    userRole: 'USER',
    // The branch is judged below (unknown, or one to create); here only the person's fields are.
    branchId: branchId ?? ANY_BRANCH,
  });
  const userIssue = user.error?.issues.find((issue) => issue.path[0] !== 'branchId');
  if (userIssue) return fail(userIssue.message);
  const key = row.username.toLowerCase();
  if (seen.has(key)) return fail(messages.importUsernameRepeated);
  seen.add(key);
  if (context.taken.has(key)) return fail(messages.userIdTaken);
  if (!branch.trim()) return fail(messages.studentNeedsBranch);
  if (branchId === null && !(context.creating && creatableBranch(branch)))
    return fail(
      messages.importBranchUnknown(
        branch.trim(),
        context.branches.map((b) => b.name),
      ),
    );
  if (accounts === null) return fail(messages.importAccountsInvalid);
  if (!accounts.every(context.offered)) return fail(messages.accountTypeNotOffered);
  return { ...row, name: user.data!.name };
}

/** The bank's branches (share-locked inside a transaction, so none is deleted under the import). */
async function bankBranches(db: Executor, bankId: number, lock: boolean) {
  const query = db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(eq(branches.bankId, bankId))
    // In the order a teacher reads them when a row names none of them.
    .orderBy(sql`lower(${branches.name})`);
  return lock ? query.for('share') : query;
}

async function takenUsernames(db: Executor, records: RosterRecord[]): Promise<Set<string>> {
  // Only names that can be usernames are looked up: anything else never reaches the database.
  const wanted = [
    ...new Set(
      records
        .map((r) => (r.cells[0] ?? '').trim().toLowerCase())
        .filter((name) => USERNAME_PATTERN.test(name)),
    ),
  ];
  if (wanted.length === 0) return new Set();
  const rows = await db
    .select({ key: sql<string>`lower(${users.username})` })
    .from(users)
    .where(inArray(sql`lower(${users.username})`, wanted));
  return new Set(rows.map((row) => row.key));
}

/** The branches the rows name that the bank does not have yet and could create: each once, as first written. */
function newBranchesOf(records: RosterRecord[], context: RosterContext): string[] {
  const found = new Map<string, string>();
  for (const record of records) {
    const cell = record.cells[2] ?? '';
    const name = branchNamed(context, cell) === null ? creatableBranch(cell) : null;
    if (name && !found.has(name.toLowerCase())) found.set(name.toLowerCase(), name);
  }
  return [...found.values()];
}

async function checkRows(
  db: Executor,
  actor: Actor,
  records: RosterRecord[],
  options: { lock: boolean; creating: boolean },
): Promise<{ rows: ImportRow[]; newBranches: string[] }> {
  const bank = await loadBank(db, actor.bankId);
  const context: RosterContext = {
    branches: await bankBranches(db, actor.bankId, options.lock),
    offered: (type) => isAccountTypeOffered(bank, type),
    taken: await takenUsernames(db, records),
    creating: options.creating,
  };
  const seen = new Set<string>();
  return {
    rows: records.map((record) => checkRow(record, context, seen)),
    newBranches: newBranchesOf(records, context),
  };
}

/**
 * The new classes of an import with `createBranches`, made in its transaction before its rows are
 * checked again (so they name them as any branch). One made meanwhile by someone else is taken as
 * it is: the unique index `(bank_id, lower(name))` leaves it alone.
 */
async function createBranches(tx: Tx, bankId: number, names: string[]): Promise<void> {
  if (names.length === 0) return;
  await tx
    .insert(branches)
    .values(names.map((name) => ({ bankId, name })))
    .onConflictDoNothing();
}

/** A 400 naming every row with an error, as `rows.{line}`. */
function assertAllValid(rows: ImportRow[]): void {
  const fields = Object.fromEntries(rows.filter((r) => r.error).map((r) => [`rows.${r.line}`, r.error!]));
  if (Object.keys(fields).length > 0)
    throw badRequest(messages.importRowsInvalid, fields, 'IMPORT_ROWS_INVALID');
}

/** Writes the checked rows: the Students (one statement), then each one's accounts, opened at `now`. */
async function createStudents(
  tx: Tx,
  actor: Actor,
  rows: ImportRow[],
  passwords: TemporaryPassword[],
  now: Date,
) {
  const inserted = await tx
    .insert(users)
    .values(
      rows.map((row, i) => ({
        username: row.username,
        name: row.name,
        role: 'USER' as const,
        bankId: actor.bankId,
        branchId: row.branchId,
        ...passwords[i]!.columns,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id, username: users.username });
  // A name taken since the check (a concurrent create) is that row's error; the transaction rolls back.
  const ids = new Map(inserted.map((user) => [user.username, user.id]));
  assertAllValid(rows.map((row) => (ids.has(row.username) ? row : { ...row, error: messages.userIdTaken })));
  const created: ImportedStudent[] = [];
  for (const [i, row] of rows.entries()) {
    const accounts = [];
    for (const type of row.accounts) {
      const account = await insertWithFreshNumber(tx, {
        bankId: actor.bankId,
        branchId: row.branchId!,
        userId: ids.get(row.username)!,
        type,
        openedAt: now,
      });
      accounts.push(toAccount(account, row.username, 0));
    }
    created.push({
      username: row.username,
      name: row.name,
      branchId: row.branchId!,
      temporaryPassword: passwords[i]!.password,
      accounts,
    });
  }
  return created;
}

export interface ImportOptions {
  /** Create the branches rows name that the bank does not have yet (a new class). */
  createBranches: boolean;
}

/** POST /admin/users/import?dryRun=true: every row checked, nothing written. */
export async function checkRoster(
  db: Executor,
  actor: Actor,
  csv: string,
  options: ImportOptions,
): Promise<ImportCheck> {
  const { rows, newBranches } = await checkRows(db, actor, readRoster(csv), {
    lock: false,
    creating: options.createBranches,
  });
  return { ok: rows.every((row) => row.error === null), rows, newBranches };
}

/**
 * POST /admin/users/import: an admin creates a class of Students in their own bank, with their
 * accounts (and, with `createBranches`, the classes they name that do not exist yet), all or
 * nothing. Each Student gets a temporary password they must replace at first sign-in, exactly as a
 * Student created one at a time. The rows are checked before the slow password hashing, and again
 * inside the transaction (branches share-locked, the new ones made first) before writing.
 */
export async function importRoster(
  db: Executor,
  actor: Actor,
  csv: string,
  options: ImportOptions,
  now: Date,
): Promise<ImportResult> {
  const records = readRoster(csv);
  const first = await checkRows(db, actor, records, { lock: false, creating: options.createBranches });
  assertAllValid(first.rows);
  const passwords = await issueTemporaryPasswords(records.length);
  const created = await inTransaction(db, async (tx) => {
    if (options.createBranches) await createBranches(tx, actor.bankId, first.newBranches);
    const { rows } = await checkRows(tx, actor, records, { lock: true, creating: false });
    assertAllValid(rows);
    return createStudents(tx, actor, rows, passwords, now);
  });
  return { created };
}
