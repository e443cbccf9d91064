import { asc, eq, sql } from 'drizzle-orm';
import {
  economyLimits,
  economyText as m,
  fromCents,
  type Award,
  type ParsedAwardBody,
  type ParsedAwardChange,
} from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { awards } from '../../db/schema.js';
import { inTransaction } from '../../db/transaction.js';
import { assertOwnBank } from '../access.js';
import type { Actor } from '../actor.js';
import { notFound } from '../errors.js';
import { assertBankHasRoom } from './bank-room.js';

export type AwardRow = typeof awards.$inferSelect;

export const toAward = (row: AwardRow): Award => ({
  awardId: row.id,
  bankId: row.bankId,
  name: row.name,
  kind: row.kind,
  amount: fromCents(row.amountCents),
});

/** An award of the actor's bank (another bank's, or none, is a 404). */
export async function findAward(db: Executor, actor: Actor, awardId: number): Promise<AwardRow> {
  const [award] = await db.select().from(awards).where(eq(awards.id, awardId));
  if (!award || award.bankId !== actor.bankId) throw notFound();
  return award;
}

/** POST /teller/awards: staff of the bank make one of its awards (every teacher may give it). */
export function createAward(db: Executor, actor: Actor, body: ParsedAwardBody): Promise<Award> {
  return inTransaction(db, async (tx) => {
    await assertBankHasRoom(tx, awards, actor.bankId, economyLimits.awardsPerBankMax, m.tooManyAwards);
    const [row] = await tx
      .insert(awards)
      .values({ bankId: actor.bankId, name: body.name, kind: body.kind, amountCents: body.amount })
      .returning();
    return toAward(row!);
  });
}

/** GET /teller/awards/{bankId}: the bank's awards by name. */
export async function listAwards(db: Executor, actor: Actor, bankId: number): Promise<Award[]> {
  assertOwnBank(actor, bankId);
  const rows = await db
    .select()
    .from(awards)
    .where(eq(awards.bankId, bankId))
    .orderBy(asc(sql`lower(${awards.name})`), asc(awards.id))
    .limit(economyLimits.awardsPerBankMax);
  return rows.map(toAward);
}

/** PUT /teller/awards/{awardId}: any of its name, kind and amount. What it gave stays as it was. */
export async function updateAward(
  db: Executor,
  actor: Actor,
  awardId: number,
  change: ParsedAwardChange,
): Promise<Award> {
  const award = await findAward(db, actor, awardId);
  const [after] = await db
    .update(awards)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.kind === undefined ? {} : { kind: change.kind }),
      ...(change.amount === undefined ? {} : { amountCents: change.amount }),
    })
    .where(eq(awards.id, award.id))
    .returning();
  // Deleted meanwhile: as if it had never been.
  if (!after) throw notFound();
  return toAward(after);
}

/** DELETE /teller/awards/{awardId}: the button goes; what it gave stays (paydays named by its memo). */
export async function deleteAward(db: Executor, actor: Actor, awardId: number): Promise<void> {
  const award = await findAward(db, actor, awardId);
  await db.delete(awards).where(eq(awards.id, award.id));
}
