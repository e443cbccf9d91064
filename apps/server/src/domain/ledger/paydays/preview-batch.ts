import { eq, inArray } from 'drizzle-orm';
import { fromCents, type BatchPreview, type BatchPreviewItem } from '@bank/shared';
import type { Executor } from '../../../db/client.js';
import { accounts, users } from '../../../db/schema.js';
import type { Actor } from '../../actor.js';
import {
  itemRefusalMessage,
  judgeItems,
  totalCents,
  type BatchInput,
  type JudgedItem,
} from './batch-items.js';
import { assertMayMoveMoney } from '../permissions.js';

type Owner = { username: string; name: string };

/** The accounts an item list names, with their owners (read, not locked: a preview writes nothing). */
async function readAccounts(db: Executor, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  return db
    .select({ account: accounts, username: users.username, name: users.name })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(inArray(accounts.accountNumber, accountIds));
}

function previewItem(
  { item, account, newBalanceCents, refusal }: JudgedItem,
  owner?: Owner,
): BatchPreviewItem {
  // An account the actor may not use is only named back: nothing says whether it exists.
  const shown = account && owner;
  return {
    accountId: item.accountId,
    username: shown ? owner.username : null,
    name: shown ? owner.name : null,
    accountType: shown ? account.type : null,
    balance: shown ? fromCents(account.balanceCents) : null,
    newBalance: newBalanceCents === null ? null : fromCents(newBalanceCents),
    error: refusal ? itemRefusalMessage(refusal) : null,
    reason: refusal,
  };
}

/**
 * POST /teller/batches/preview: what the payday would do to each account, judged by the same
 * rules as the payday itself, writing nothing. Who may run the payday may preview it.
 */
export async function previewBatch(db: Executor, actor: Actor, input: BatchInput): Promise<BatchPreview> {
  await assertMayMoveMoney(db, actor, input.kind);
  const rows = await readAccounts(
    db,
    input.items.map((item) => item.accountId),
  );
  const judged = judgeItems(
    actor,
    input,
    new Map(rows.map((row) => [row.account.accountNumber, row.account])),
  );
  const owners = new Map(rows.map((row) => [row.account.accountNumber, row]));
  const items = judged.map((j) => previewItem(j, owners.get(j.item.accountId)));
  return {
    ok: judged.every((j) => j.refusal === null),
    count: input.items.length,
    total: fromCents(totalCents(input.items)),
    items,
  };
}
