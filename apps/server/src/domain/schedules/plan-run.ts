import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { economyText, limits, schoolYearText as m } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import { conflict } from '../errors.js';
import { wagesOf } from '../economy/index.js';
import { lockAccounts, type AccountRow } from '../ledger/locked-accounts.js';
import type { ScheduleRow, StoredCut, StoredLeftOut } from './schedule-view.js';

/** The terms a run is worked out from: a saved schedule's, or a form's before it is saved (a preview). */
export type PlanTerms = Pick<
  ScheduleRow,
  | 'bankId'
  | 'kind'
  | 'amountCents'
  | 'amountFrom'
  | 'accountType'
  | 'shortfall'
  | 'targetBranchId'
  | 'targetAccounts'
>;

/** Whom a run would pay or bill: an account (or a Student of the branch who has none) and its owner. */
export interface Candidate {
  /** The owner (null for a listed account of no user of the bank). */
  userId: number | null;
  accountId: string | null;
  username: string | null;
  name: string | null;
}

export interface PlannedPayment {
  account: AccountRow;
  username: string;
  name: string;
  amountCents: number;
}

/** A run worked out against the accounts' balances: what it pays, whom it leaves out or cuts. */
export interface RunPlan {
  pay: PlannedPayment[];
  leftOut: StoredLeftOut[];
  cut: StoredCut[];
}

/** The current Students of a branch of the bank: whom a branch target pays. */
const studentsOf = (bankId: number, branchId: number) =>
  and(
    eq(users.bankId, bankId),
    eq(users.branchId, branchId),
    eq(users.role, 'USER'),
    isNull(users.deletedAt),
  );

const tooBig = () => conflict(m.scheduleRunTooBig(limits.scheduleRunMaxPayments), 'SCHEDULE_TOO_BIG');

/**
 * A branch may not hold more Students than one run pays (limits.scheduleRunMaxPayments): a
 * schedule of it is refused when it is made or changed, and its run when the branch grew since.
 */
export async function assertBranchFits(db: Executor, bankId: number, branchId: number): Promise<void> {
  const beyond = await db
    .select({ id: users.id })
    .from(users)
    .where(studentsOf(bankId, branchId))
    .offset(limits.scheduleRunMaxPayments)
    .limit(1);
  if (beyond.length > 0) throw tooBig();
}

/**
 * A branch target: every current Student of the branch, by name, each with their oldest open
 * account of the schedule's type (a Student who joined after the schedule was made is there too).
 * A branch bigger than one run pays is refused, before anything is locked.
 */
async function branchCandidates(db: Executor, schedule: PlanTerms, branchId: number): Promise<Candidate[]> {
  const account = db
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(
      and(eq(accounts.userId, users.id), eq(accounts.type, schedule.accountType), isNull(accounts.closedAt)),
    )
    .orderBy(asc(accounts.openedAt), asc(accounts.accountNumber))
    .limit(1);
  const candidates = await db
    .select({
      userId: users.id,
      accountId: sql<string | null>`(${account})`,
      username: users.username,
      name: users.name,
    })
    .from(users)
    .where(studentsOf(schedule.bankId, branchId))
    .orderBy(sql`lower(${users.name})`, sql`lower(${users.username})`)
    .limit(limits.scheduleRunMaxPayments + 1);
  if (candidates.length > limits.scheduleRunMaxPayments) throw tooBig();
  return candidates;
}

/** An account list target: the accounts as listed, with their owners (any of them may have closed since). */
async function listedCandidates(db: Executor, schedule: PlanTerms, numbers: string[]): Promise<Candidate[]> {
  const rows = numbers.length
    ? await db
        .select({
          userId: users.id,
          accountId: accounts.accountNumber,
          username: users.username,
          name: users.name,
        })
        .from(accounts)
        .innerJoin(users, eq(users.id, accounts.userId))
        .where(and(inArray(accounts.accountNumber, numbers), eq(accounts.bankId, schedule.bankId)))
    : [];
  const owners = new Map(rows.map((row) => [row.accountId, row]));
  return numbers.map(
    (accountId) => owners.get(accountId) ?? { userId: null, accountId, username: null, name: null },
  );
}

/** Whom a run covers, in the plan's order (by name); a branch bigger than a run pays is refused. */
export function candidatesOf(db: Executor, schedule: PlanTerms): Promise<Candidate[]> {
  return schedule.targetBranchId !== null
    ? branchCandidates(db, schedule, schedule.targetBranchId)
    : listedCandidates(db, schedule, schedule.targetAccounts ?? []);
}

/**
 * What the schedule does to one account with this balance: a deposit pays in full; a withdrawal
 * takes the amount, or, when the account cannot pay it, leaves it out ("skip") or takes what it
 * has ("partial"; an empty account is left out).
 */
function judge(
  schedule: PlanTerms,
  candidate: Candidate,
  account: AccountRow,
  asked: number,
  plan: RunPlan,
): void {
  const who = { accountId: account.accountNumber, username: candidate.username, name: candidate.name };
  // What the account may spend: its balance less what waiting requests hold.
  const available = account.balanceCents - account.heldCents;
  const payment = { account, username: candidate.username ?? '', name: candidate.name ?? '' };
  if (schedule.kind === 'deposit' || available >= asked) {
    plan.pay.push({ ...payment, amountCents: asked });
  } else if (schedule.shortfall === 'skip') {
    plan.leftOut.push({ ...who, reason: m.leftOutCannotPay });
  } else if (available === 0) {
    plan.leftOut.push({ ...who, reason: m.leftOutEmpty });
  } else {
    plan.pay.push({ ...payment, amountCents: available });
    plan.cut.push({ ...who, askedCents: asked, paidCents: available });
  }
}

/**
 * Works out a run against the accounts as they are. With `tx` the accounts are locked first (in
 * the ledger's order), so the plan holds until the run commits; without, it is a preview's read.
 */
export async function planRun(db: Executor, schedule: PlanTerms, lockWith?: Tx): Promise<RunPlan> {
  return judgeCandidates(db, schedule, await candidatesOf(db, schedule), lockWith);
}

/** The candidates' accounts: locked with `lockWith` (the ledger's order), else only read. */
async function accountsOf(db: Executor, numbers: string[], lockWith?: Tx) {
  if (lockWith) return lockAccounts(lockWith, numbers);
  if (numbers.length === 0) return new Map<string, AccountRow>();
  const rows = await db.select().from(accounts).where(inArray(accounts.accountNumber, numbers));
  return new Map(rows.map((a) => [a.accountNumber, a]));
}

/**
 * Works out what a run does to the given candidates (all of a preview's, or one step's of a run,
 * run-steps.ts), in their order, against their accounts as they are (locked with `lockWith`).
 */
export async function judgeCandidates(
  db: Executor,
  schedule: PlanTerms,
  candidates: Candidate[],
  lockWith?: Tx,
): Promise<RunPlan> {
  const numbers = candidates.flatMap((c) => (c.accountId ? [c.accountId] : []));
  const found = await accountsOf(db, numbers, lockWith);
  const wages =
    schedule.amountFrom === 'wage'
      ? await wagesOf(
          db,
          candidates.flatMap((c) => (c.userId === null ? [] : [c.userId])),
        )
      : null;
  const plan: RunPlan = { pay: [], leftOut: [], cut: [] };
  for (const { userId, ...candidate } of candidates) {
    const account = candidate.accountId ? found.get(candidate.accountId) : undefined;
    // What this Student is asked or paid: the schedule's amount, or the wages of their jobs.
    const asked = wages ? (userId === null ? 0 : (wages.get(userId) ?? 0)) : schedule.amountCents!;
    if (!candidate.accountId) {
      plan.leftOut.push({ ...candidate, reason: m.leftOutNoAccount(schedule.accountType) });
    } else if (!account || account.closedAt !== null || account.bankId !== schedule.bankId) {
      plan.leftOut.push({ ...candidate, reason: m.leftOutClosed });
    } else if (asked === 0) {
      plan.leftOut.push({ ...candidate, reason: economyText.leftOutNoJob });
    } else {
      judge(schedule, { userId, ...candidate }, account, asked, plan);
    }
  }
  return plan;
}
