import { eq } from 'drizzle-orm';
import type { BankSettings } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { banks } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { assertOwnBank } from '../access.js';
import { notFound } from '../errors.js';

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
}

/** An admin changes their own bank's settings; `savingsRate` arrives in hundredths of a percent. */
export async function updateBankSettings(
  db: Executor,
  actor: Actor,
  change: BankSettingsChange,
): Promise<BankSettings> {
  if (change.bankId !== undefined) assertOwnBank(actor, change.bankId);
  const [bank] = await db
    .update(banks)
    .set({
      name: change.bankName,
      checkingActive: change.checkingActive,
      savingsActive: change.savingsActive,
      savingsRateHundredths: change.savingsRate,
      tellerDepositPermission: change.tellerDepositPermission,
      tellerWithdrawalPermission: change.tellerWithdrawalPermission,
      tellerTransferPermission: change.tellerTransferPermission,
    })
    .where(eq(banks.id, actor.bankId))
    .returning();
  if (!bank) throw notFound();
  return toBankSettings(bank);
}
