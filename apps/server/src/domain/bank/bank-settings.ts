import { eq, sql } from 'drizzle-orm';
import { fromCents, schoolYearText, type BankSettings } from '@bank/shared';
import { queryRows, type Executor, type Tx } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { banks } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { badRequest, notFound } from '../errors.js';

type BankRow = typeof banks.$inferSelect;

export function toBankSettings(bank: BankRow): BankSettings {
  return {
    bankId: bank.id,
    bankName: bank.name,
    checkingActive: bank.checkingActive,
    savingsActive: bank.savingsActive,
    savingsRate: bank.savingsRateHundredths / 100,
    tellerDepositPermission: bank.tellerDepositPermission,
    tellerWithdrawalPermission: bank.tellerWithdrawalPermission,
    tellerTransferPermission: bank.tellerTransferPermission,
    timeZone: bank.timeZone,
    bankerLimit: fromCents(bank.bankerLimitCents),
    tellerCanReverse: bank.tellerCanReverse,
    tellerCanResetPasswords: bank.tellerCanResetPasswords,
    tellerCanManageBankers: bank.tellerCanManageBankers,
  };
}

export async function loadBank(db: Executor, bankId: number): Promise<BankRow> {
  const [bank] = await db.select().from(banks).where(eq(banks.id, bankId)).limit(1);
  if (!bank) throw notFound();
  return bank;
}

export async function getBankSettings(db: Executor, actor: Actor, bankId: number): Promise<BankSettings> {
  assertOwnBank(actor, bankId);
  return toBankSettings(await loadBank(db, bankId));
}

export interface BankSettingsChange {
  bankId?: number | undefined;
  bankName: string;
  checkingActive: boolean;
  savingsActive: boolean;
  savingsRate: number;
  tellerDepositPermission: boolean;
  tellerWithdrawalPermission: boolean;
  tellerTransferPermission: boolean;
  /** Absent: as it is (a client that does not know the setting). */
  timeZone?: string | undefined;
  /** In cents; absent: as it is. */
  bankerLimit?: number | undefined;
  /** Each absent: as it is. */
  tellerCanReverse?: boolean | undefined;
  tellerCanResetPasswords?: boolean | undefined;
  tellerCanManageBankers?: boolean | undefined;
}

/** The fields of a change that were sent, as columns (an absent one stays as it is). */
function sentRights(change: BankSettingsChange) {
  const { tellerCanReverse, tellerCanResetPasswords, tellerCanManageBankers } = change;
  return Object.fromEntries(
    Object.entries({ tellerCanReverse, tellerCanResetPasswords, tellerCanManageBankers }).filter(
      ([, value]) => value !== undefined,
    ),
  );
}

/** PostgreSQL must know the zone too (its zone names come from its own tz database). */
async function assertZoneKnownToDatabase(tx: Tx, zone: string): Promise<void> {
  const [known] = await queryRows<{ known: boolean }>(
    tx,
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  if (!known?.known)
    throw badRequest(schoolYearText.timeZoneInvalid, { timeZone: schoolYearText.timeZoneInvalid });
}

/**
 * What follows the bank's time zone, in the transaction that changes it: every waiting schedule
 * moves to 06:00 in the new zone (schedules' rescheduleBank). Passed in by the caller, because the
 * schedules are built on the bank's settings, not the other way round.
 */
export type FollowTimeZone = (tx: Tx, bankId: number, zone: string) => Promise<void>;

/**
 * An admin changes their own bank's settings; `savingsRate` arrives in hundredths of a percent. A
 * new time zone moves every waiting schedule to 06:00 in it, in the same transaction.
 */
export async function updateBankSettings(
  db: Executor,
  actor: Actor,
  change: BankSettingsChange,
  followTimeZone: FollowTimeZone,
): Promise<BankSettings> {
  if (change.bankId !== undefined) assertOwnBank(actor, change.bankId);
  return inTransaction(db, async (tx) => {
    if (change.timeZone !== undefined) await assertZoneKnownToDatabase(tx, change.timeZone);
    const [before] = await tx
      .select({ timeZone: banks.timeZone })
      .from(banks)
      .where(eq(banks.id, actor.bankId))
      .for('update');
    if (!before) throw notFound();
    const [bank] = await tx
      .update(banks)
      .set({
        name: change.bankName,
        checkingActive: change.checkingActive,
        savingsActive: change.savingsActive,
        savingsRateHundredths: change.savingsRate,
        tellerDepositPermission: change.tellerDepositPermission,
        tellerWithdrawalPermission: change.tellerWithdrawalPermission,
        tellerTransferPermission: change.tellerTransferPermission,
        ...(change.timeZone === undefined ? {} : { timeZone: change.timeZone }),
        ...(change.bankerLimit === undefined ? {} : { bankerLimitCents: change.bankerLimit }),
        ...sentRights(change),
      })
      .where(eq(banks.id, actor.bankId))
      .returning();
    if (bank!.timeZone !== before.timeZone) await followTimeZone(tx, bank!.id, bank!.timeZone);
    return toBankSettings(bank!);
  });
}
