import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { economyText as m, schoolYearText, type GiveAwardResult, type ParsedGiveAward } from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { accounts, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { AppError } from '../errors.js';
import type { LedgerClock } from '../ledger/clock.js';
import { runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { lockAccounts } from '../ledger/locked-accounts.js';
import { runBatch } from '../ledger/paydays/index.js';
import { assertMayMoveMoney, isUsableAccount } from '../ledger/permissions.js';
import { assertOwnClass } from '../bank/class-scope.js';
import { findAward } from './manage-awards.js';

/** One chosen Student: their account (null when they have no open CHECKING one), owner and class. */
interface Recipient {
  accountId: string | null;
  username: string;
  name: string;
  branchId: number;
}

type LeftOut = GiveAwardResult['leftOut'][number];

const giveScope = { noClass: m.giveNoClass, notYourClass: m.giveNotYourClass };

/** The refusal naming each chosen account or Student that is not the bank's: nothing says which exist. */
function notFoundNaming(fields: Record<string, string>): AppError {
  return new AppError(404, 'NOT_FOUND', m.giveNotFound, fields, { reason: 'NOT_FOUND' });
}

/** Chosen by account: each an open account of the bank, with its owner. */
async function byAccounts(tx: Tx, actor: Actor, numbers: string[]): Promise<Recipient[]> {
  const rows = await tx
    .select({ account: accounts, username: users.username, name: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(inArray(accounts.accountNumber, numbers));
  const found = new Map(rows.map((row) => [row.account.accountNumber, row]));
  const fields: Record<string, string> = {};
  const recipients = numbers.map((number, index) => {
    const row = found.get(number);
    if (!row || !isUsableAccount(actor, row.account)) {
      fields[`accountIds.${index}`] = m.giveAccountNotFound;
      return null;
    }
    return { accountId: number, username: row.username, name: row.name, branchId: row.account.branchId };
  });
  if (Object.keys(fields).length > 0) throw notFoundNaming(fields);
  return recipients as Recipient[];
}

/** Chosen by User Id: each a current Student of the bank, on their oldest open CHECKING account. */
async function byUsernames(tx: Tx, actor: Actor, usernames: string[]): Promise<Recipient[]> {
  const checking = tx
    .select({ number: accounts.accountNumber })
    .from(accounts)
    .where(and(eq(accounts.userId, users.id), eq(accounts.type, 'CHECKING'), isNull(accounts.closedAt)))
    .orderBy(asc(accounts.openedAt), asc(accounts.accountNumber))
    .limit(1);
  const wanted = usernames.map((u) => u.toLowerCase());
  const rows = await tx
    .select({
      accountId: sql<string | null>`(${checking})`,
      username: users.username,
      name: users.name,
      branchId: users.branchId,
    })
    .from(users)
    .where(
      and(
        inArray(sql`lower(${users.username})`, wanted),
        eq(users.bankId, actor.bankId),
        eq(users.role, 'USER'),
        isNull(users.deletedAt),
      ),
    );
  const found = new Map(rows.map((row) => [row.username.toLowerCase(), row]));
  const fields: Record<string, string> = {};
  const recipients = wanted.map((username, index) => {
    const row = found.get(username);
    if (!row) fields[`usernames.${index}`] = m.giveStudentNotFound;
    // A Student always has a branch (users_student_has_branch).
    return row ? { ...row, branchId: row.branchId! } : null;
  });
  if (Object.keys(fields).length > 0) throw notFoundNaming(fields);
  return recipients as Recipient[];
}

/**
 * Gives an award in the caller's transaction: finds whom it goes to (another bank's award, account
 * or Student is a 404 naming each), checks the actor may make its kind of payment and, for a
 * teacher, that each is of their class (403), locks the accounts (the ledger's order) and pays or
 * charges each as one payday whose memo is the award's name, by the payday's own rules (runBatch).
 * Unlike a payday it is not all or nothing: a fine never makes a balance negative, so a Student who
 * cannot pay it from their available money (balance less holds), or has no open CHECKING account,
 * is left out and named, as a schedule run's "skip" does.
 */
export async function giveAward(
  tx: Tx,
  clock: LedgerClock,
  actor: Actor,
  awardId: number,
  body: ParsedGiveAward,
): Promise<GiveAwardResult> {
  const award = await findAward(tx, actor, awardId);
  const recipients = body.accountIds
    ? await byAccounts(tx, actor, body.accountIds)
    : await byUsernames(tx, actor, body.usernames ?? []);
  await assertMayMoveMoney(tx, actor, award.kind);
  assertOwnClass(
    actor,
    recipients.map((r) => r.branchId),
    giveScope,
  );
  const locked = await lockAccounts(
    tx,
    recipients.flatMap((r) => (r.accountId ? [r.accountId] : [])),
  );
  const leftOut: LeftOut[] = [];
  const items: { accountId: string; amountCents: number }[] = [];
  for (const { branchId: _branch, ...who } of recipients) {
    const account = who.accountId ? locked.get(who.accountId) : undefined;
    if (!account) leftOut.push({ ...who, reason: schoolYearText.leftOutNoAccount('CHECKING') });
    else if (account.closedAt !== null) leftOut.push({ ...who, reason: schoolYearText.leftOutClosed });
    else if (award.kind === 'withdrawal' && account.balanceCents - account.heldCents < award.amountCents)
      leftOut.push({ ...who, reason: schoolYearText.leftOutCannotPay });
    else items.push({ accountId: account.accountNumber, amountCents: award.amountCents });
  }
  if (items.length === 0) return { batchId: null, count: 0, total: 0, leftOut };
  const paid = await runBatch(tx, clock, actor, {
    kind: award.kind,
    memo: award.name,
    description: m.awardDescription(award.name),
    items,
  });
  return { batchId: paid.batchId, count: paid.count, total: paid.total, leftOut };
}

/** POST /teller/awards/{awardId}/give: at most once per Idempotency-Key (the same key and body replays). */
export function giveAwardOnce(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  awardId: number,
  body: ParsedGiveAward,
  key: string | null,
): Promise<IdempotentResponse<GiveAwardResult>> {
  const request = key ? { key, operation: 'award.give', payload: { awardId, body } } : null;
  return runIdempotent(db, actor, request, 201, (tx) => giveAward(tx, clock, actor, awardId, body));
}
