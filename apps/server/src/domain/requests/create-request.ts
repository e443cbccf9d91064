import { limits, participationText as m, type BankerRequest, type RequestPreview } from '@bank/shared';
import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.js';
import { accounts, bankerRequests } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import type { AccountRow, LedgerClock } from '../ledger/index.js';
import { runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { classmateAccounts, goesAtOnce, lockClassmate } from './allowance.js';
import { assertClassmateAccount, loadBanker } from './banker.js';
import { changeHold } from '../ledger/holds.js';
import { moveRequestedMoney } from './move-money.js';
import { viewRequest } from './request-view.js';
import { findOwner } from './owner.js';

export interface RequestInput {
  kind: 'deposit' | 'withdrawal';
  accountId: string;
  amountCents: number;
  memo?: string | null | undefined;
}

async function readAccount(db: Executor, accountNumber: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber)).limit(1);
  return row;
}

/**
 * POST /user/requests/preview: whose account, and whether the request would go at once; writes
 * nothing and reads nothing of the classmate's money (allowance.ts says why that matters).
 */
export async function previewRequest(
  db: Executor,
  actor: Actor,
  input: RequestInput,
  now: Date,
): Promise<RequestPreview> {
  const banker = await loadBanker(db, actor);
  const account = await readAccount(db, input.accountId);
  assertClassmateAccount(banker, account);
  const bank = await loadBank(db, banker.bankId);
  const atOnce = await goesAtOnce(db, bank, input, await classmateAccounts(db, account.userId), now);
  const owner = await findOwner(db, account.userId);
  return { username: owner.username, name: owner.name, goesAtOnce: atOnce };
}

/**
 * POST /user/requests: a class banker asks to deposit to or withdraw from a classmate's account.
 * Within the day's limit (allowance.ts) it is approved at once and the money moves; otherwise it
 * waits for staff, and a withdrawal holds its amount so nothing else can spend it meanwhile. A
 * withdrawal the account cannot pay is never refused, which would tell the banker something of
 * the classmate's money: it waits, holding nothing, and staff see that it cannot be paid. With an
 * Idempotency-Key it happens once.
 */
export function createRequest(
  db: Executor,
  clock: LedgerClock,
  actor: Actor,
  input: RequestInput,
  key: string | null,
): Promise<IdempotentResponse<BankerRequest>> {
  const payload = { ...input, memo: input.memo ?? null };
  const idempotent = key ? { key, operation: 'request.create', payload } : null;
  return runIdempotent(db, actor, idempotent, 201, (tx) => writeRequest(tx, clock, actor, payload));
}

async function writeRequest(tx: Tx, clock: LedgerClock, actor: Actor, input: RequestInput) {
  const banker = await loadBanker(tx, actor);
  const bank = await loadBank(tx, banker.bankId);
  const named = await readAccount(tx, input.accountId);
  assertClassmateAccount(banker, named);
  const locked = await lockClassmate(tx, named.userId);
  // Read again under the lock: it may have closed meanwhile.
  const account = locked.get(input.accountId);
  assertClassmateAccount(banker, account);
  const withinLimit = await goesAtOnce(tx, bank, input, [...locked.keys()], clock.now);
  const covered = input.kind === 'deposit' || account.balanceCents - account.heldCents >= input.amountCents;
  const approved = withinLimit && covered;
  const request = {
    kind: input.kind,
    accountNumber: account.accountNumber,
    amountCents: input.amountCents,
    memo: input.memo ?? null,
  };
  const transactionId = approved
    ? await moveRequestedMoney(tx, clock, locked, request, { releaseCents: 0, madeBy: banker.id })
    : null;
  const heldCents = !approved && input.kind === 'withdrawal' && covered ? input.amountCents : 0;
  await changeHold(tx, account, heldCents);
  const [row] = await tx
    .insert(bankerRequests)
    .values({
      ...request,
      bankId: banker.bankId,
      requestedBy: banker.id,
      status: approved ? 'approved' : 'waiting',
      decidedAt: approved ? clock.now : null,
      transactionId,
      heldCents,
      withinLimit,
      createdAt: clock.now,
      expiresAt: new Date(clock.now.getTime() + limits.requestTtlSeconds * 1000),
    })
    .returning();
  const view = await viewRequest(tx, row!.id);
  if (approved) {
    await recordAudit(tx, {
      bankId: banker.bankId,
      actorUserId: null,
      action: 'request.approve',
      at: clock.now,
      summary: m.auditRequestApprovedByLimit(
        request.kind,
        dollars(request.amountCents),
        view.requestedByName,
        view.studentName,
        dollars(bank.bankerLimitCents),
      ),
      transactionId,
    });
  }
  return view;
}
