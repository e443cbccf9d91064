import {
  limits,
  messages,
  participationText as m,
  type BankerRequest,
  type RequestPreview,
} from '@bank/shared';
import type { Executor, Tx } from '../../db/client.js';
import { eq } from 'drizzle-orm';
import { accounts, bankerRequests } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { dollars, recordAudit } from '../audit/record-audit.js';
import { loadBank } from '../bank/bank-settings.js';
import { conflict } from '../errors.js';
import { lockAccounts, type AccountRow, type LedgerClock } from '../ledger/index.js';
import { runIdempotent, type IdempotentResponse } from '../ledger/idempotency.js';
import { assertClassmateAccount, loadBanker, type BankerRow } from './banker.js';
import { changeHold, heldBy } from './holds.js';
import { moveRequestedMoney } from './move-money.js';
import { viewRequest } from './request-view.js';
import { findOwner } from './owner.js';

export interface RequestInput {
  kind: 'deposit' | 'withdrawal';
  accountId: string;
  amountCents: number;
  memo?: string | null | undefined;
}

interface Judged {
  banker: BankerRow;
  account: AccountRow;
  canPay: boolean;
  approvedAtOnce: boolean;
  limitCents: number;
}

/** Who asks, for whose account, whether it can pay, and whether the bank's limit approves it at once. */
function judge(banker: BankerRow, account: AccountRow | undefined, input: RequestInput, limitCents: number) {
  assertClassmateAccount(banker, account);
  const available = account.balanceCents - account.heldCents;
  const canPay = input.kind === 'deposit' || available >= input.amountCents;
  return { banker, account, canPay, approvedAtOnce: canPay && input.amountCents <= limitCents, limitCents };
}

/** POST /user/requests/preview: what sending would do; writes nothing, tells nothing of the balance. */
export async function previewRequest(
  db: Executor,
  actor: Actor,
  input: RequestInput,
): Promise<RequestPreview> {
  const banker = await loadBanker(db, actor);
  const bank = await loadBank(db, banker.bankId);
  // Not locked (nothing is written): a plain read of the one account.
  const judged = judge(banker, await readAccount(db, input.accountId), input, bank.bankerLimitCents);
  const owner = await findOwner(db, judged.account.userId);
  return {
    accountId: judged.account.accountNumber,
    accountType: judged.account.type,
    student: owner.username,
    studentName: owner.name,
    canPay: judged.canPay,
    approvedAtOnce: judged.approvedAtOnce,
  };
}

async function readAccount(db: Executor, accountNumber: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.accountNumber, accountNumber)).limit(1);
  return row;
}

/**
 * POST /user/requests: a class banker asks to deposit to or withdraw from a classmate's account.
 * At most the bank's limit, it is approved at once and the money moves; above it, it waits for
 * staff, and a withdrawal holds its amount so nothing else can spend it meanwhile. A withdrawal the
 * account cannot pay is refused (409) either way. With an Idempotency-Key it happens once.
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
  const locked = await lockAccounts(tx, [input.accountId]);
  const judged: Judged = judge(banker, locked.get(input.accountId), input, bank.bankerLimitCents);
  if (!judged.canPay) throw conflict(messages.insufficientFunds, 'INSUFFICIENT_FUNDS');
  const memo = input.memo ?? null;
  const request = {
    kind: input.kind,
    accountNumber: judged.account.accountNumber,
    amountCents: input.amountCents,
    memo,
  };
  const transactionId = judged.approvedAtOnce
    ? await moveRequestedMoney(tx, clock, locked, request, { held: false, madeBy: banker.id })
    : null;
  if (!judged.approvedAtOnce) await changeHold(tx, judged.account, heldBy(request));
  const [row] = await tx
    .insert(bankerRequests)
    .values({
      ...request,
      bankId: banker.bankId,
      requestedBy: banker.id,
      status: judged.approvedAtOnce ? 'approved' : 'waiting',
      decidedAt: judged.approvedAtOnce ? clock.now : null,
      transactionId,
      createdAt: clock.now,
      expiresAt: new Date(clock.now.getTime() + limits.requestTtlSeconds * 1000),
    })
    .returning();
  const view = await viewRequest(tx, row!.id);
  if (judged.approvedAtOnce) {
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
        dollars(judged.limitCents),
      ),
      transactionId,
    });
  }
  return view;
}
