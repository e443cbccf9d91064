import type { Database } from '../src/db/client.js';
import { accounts, banks, branches, transactions, users } from '../src/db/schema.js';

export interface ClassSeed {
  /** The bank's name (each bench its own). */
  bank: string;
  /** How many Students the class has. */
  size: number;
  /** Students are `{prefix}-0`, `{prefix}-1`, … */
  prefix: string;
  /** The first checking account's number; the others follow 7 apart (a savings one at +1). */
  firstAccount: number;
  /** The staff member who runs the class: a TELLER of the class, or an ADMIN of the bank. */
  staff: { username: string; role: 'TELLER' | 'ADMIN'; ofClass: boolean };
  /** Each Student also has a savings account. */
  savings?: boolean;
  /** What each checking account opens with, as a credit "Opening" (default nothing). */
  openingCents?: number;
}

export interface SeededStudent {
  id: number;
  checking: string;
  savings: string | null;
}

/**
 * A bank with one class for a bench: its staff member, its Students (signed in without a
 * password change) and their accounts, written straight to the database (the bench measures the
 * calls after it, not the seeding). An opening balance is a credit "Opening", so the books balance.
 */
export async function seedClass(db: Database, seed: ClassSeed) {
  const [bank] = await db.insert(banks).values({ name: seed.bank }).returning();
  const [branch] = await db.insert(branches).values({ bankId: bank!.id, name: 'Main' }).returning();
  const [staff] = await db
    .insert(users)
    .values({
      username: seed.staff.username,
      name: 'Staff',
      role: seed.staff.role,
      bankId: bank!.id,
      branchId: seed.staff.ofClass ? branch!.id : null,
      passwordHash: 'x',
      mustChangePassword: false,
    })
    .returning();
  const pupils = await db
    .insert(users)
    .values(
      Array.from({ length: seed.size }, (_, i) => ({
        username: `${seed.prefix}-${i}`,
        name: `Pupil ${i}`,
        role: 'USER' as const,
        bankId: bank!.id,
        branchId: branch!.id,
        passwordHash: 'x',
        mustChangePassword: false,
      })),
    )
    .returning({ id: users.id });
  const students: SeededStudent[] = pupils.map((pupil, i) => ({
    id: pupil.id,
    checking: String(seed.firstAccount + i * 7),
    savings: seed.savings ? String(seed.firstAccount + i * 7 + 1) : null,
  }));
  const opening = seed.openingCents ?? 0;
  await db
    .insert(accounts)
    .values(
      students
        .flatMap((s) => [
          { accountNumber: s.checking, type: 'CHECKING' as const, userId: s.id, balanceCents: opening },
          ...(s.savings ? [{ accountNumber: s.savings, type: 'SAVINGS' as const, userId: s.id }] : []),
        ])
        .map((account) => ({ ...account, bankId: bank!.id, branchId: branch!.id })),
    );
  if (opening > 0)
    await db.insert(transactions).values(
      students.map((s) => ({
        accountNumber: s.checking,
        type: 'credit' as const,
        description: 'Opening',
        amountCents: opening,
        transactionDate: new Date(),
      })),
    );
  return { bankId: bank!.id, branchId: branch!.id, staffId: staff!.id, students };
}
