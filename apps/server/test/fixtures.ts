import { eq, sql } from 'drizzle-orm';
import type { Role } from '@bank/shared';
import type { Database } from '../src/db/client.js';
import { accounts, banks, branches, users } from '../src/db/schema.js';
import { hashPassword, passwordHashCost } from '../src/domain/auth/passwords.js';
import { createSession } from '../src/domain/auth/sessions.js';

export const FIXTURE_PASSWORD = 'Fixture-1234';
/**
 * Hashing is deliberately slow; fixtures share one hash of the one fixture password, made at the
 * cost the test process hashes at (harness.ts; a test that raises it gets users hashed at its cost).
 */
const fixtureHashes = new Map<number, Promise<string>>();
function fixtureHash(): Promise<string> {
  let hash = fixtureHashes.get(passwordHashCost());
  if (!hash) {
    hash = hashPassword(FIXTURE_PASSWORD);
    fixtureHashes.set(passwordHashCost(), hash);
  }
  return hash;
}

let accountCounter = 0;
/** Distinct, valid 10-digit account numbers for fixtures. */
export const nextAccountNumber = () => String(1_000_000_000 + ++accountCounter * 7919).slice(0, 10);

export async function insertUser(
  db: Database,
  input: { username: string; role: Role; bankId: number; branchId?: number | null; name?: string },
) {
  const [user] = await db
    .insert(users)
    .values({
      username: input.username,
      name: input.name ?? `${input.username} Name`,
      role: input.role,
      bankId: input.bankId,
      branchId: input.branchId ?? null,
      passwordHash: await fixtureHash(),
      mustChangePassword: false,
    })
    .returning();
  return user!;
}

export async function insertAccount(
  db: Database,
  input: { userId: number; bankId: number; branchId: number; type?: 'CHECKING' | 'SAVINGS' },
) {
  const [account] = await db
    .insert(accounts)
    .values({
      accountNumber: nextAccountNumber(),
      userId: input.userId,
      bankId: input.bankId,
      branchId: input.branchId,
      type: input.type ?? 'CHECKING',
    })
    .returning();
  return account!;
}

/**
 * A bank with two branches, an admin, a teller and two students (one per branch) each with a
 * checking account. One insert a table (rows and ids in the order listed), since every test seeds.
 */
export async function seedBank(db: Database, prefix: string) {
  const [bank] = await db
    .insert(banks)
    .values({ name: `${prefix} Bank`, savingsRateHundredths: 250 })
    .returning();
  const bankId = bank!.id;
  const [main, north] = await db
    .insert(branches)
    .values([
      { bankId, name: `${prefix} Main` },
      { bankId, name: `${prefix} North` },
    ])
    .returning();
  const passwordHash = await fixtureHash();
  const person = (username: string, role: Role, branchId: number | null) => ({
    username,
    name: `${username} Name`,
    role,
    bankId,
    branchId,
    passwordHash,
    mustChangePassword: false,
  });
  const [admin, teller, student, otherStudent] = await db
    .insert(users)
    .values([
      person(`${prefix}-admin`, 'ADMIN', null),
      person(`${prefix}-teller`, 'TELLER', null),
      person(`${prefix}-student`, 'USER', main!.id),
      person(`${prefix}-student2`, 'USER', north!.id),
    ])
    .returning();
  const [checking, otherChecking] = await db
    .insert(accounts)
    .values([
      {
        accountNumber: nextAccountNumber(),
        userId: student!.id,
        bankId,
        branchId: main!.id,
        type: 'CHECKING',
      },
      {
        accountNumber: nextAccountNumber(),
        userId: otherStudent!.id,
        bankId,
        branchId: north!.id,
        type: 'CHECKING',
      },
    ])
    .returning();
  const tokens = {
    admin: await createSession(db, admin!.id, 3600),
    teller: await createSession(db, teller!.id, 3600),
    student: await createSession(db, student!.id, 3600),
    otherStudent: await createSession(db, otherStudent!.id, 3600),
  };
  return {
    bankId,
    main: main!,
    north: north!,
    admin: admin!,
    teller: teller!,
    student: student!,
    otherStudent: otherStudent!,
    checking: checking!,
    otherChecking: otherChecking!,
    tokens,
  };
}
export type SeededBank = Awaited<ReturnType<typeof seedBank>>;

/** Two banks: most access tests need "another bank's staff". */
export async function seedTwoBanks(db: Database) {
  return { one: await seedBank(db, 'one'), two: await seedBank(db, 'two') };
}

export async function setBank(db: Database, bankId: number, values: Partial<typeof banks.$inferInsert>) {
  await db.update(banks).set(values).where(eq(banks.id, bankId));
}

/** A classmate of the bank's student (a Student of the main branch) with a checking and a savings account. */
export async function insertClassmate(db: Database, bank: SeededBank, username: string) {
  const user = await insertUser(db, { username, role: 'USER', bankId: bank.bankId, branchId: bank.main.id });
  const account = (type: 'CHECKING' | 'SAVINGS') =>
    insertAccount(db, { userId: user.id, bankId: bank.bankId, branchId: bank.main.id, type });
  return {
    id: user.id,
    username: user.username,
    checking: (await account('CHECKING')).accountNumber,
    savings: (await account('SAVINGS')).accountNumber,
  };
}

/** A savings account of the bank's student (main branch): its number. */
export async function insertStudentSavings(db: Database, bank: SeededBank): Promise<string> {
  const account = await insertAccount(db, {
    userId: bank.student.id,
    bankId: bank.bankId,
    branchId: bank.main.id,
    type: 'SAVINGS',
  });
  return account.accountNumber;
}

/** An opening credit on an empty account, its balance with it, so the books balance. */
export async function openWith(db: Database, accountNumber: string, cents: number): Promise<void> {
  await db.update(accounts).set({ balanceCents: cents }).where(eq(accounts.accountNumber, accountNumber));
  await db.execute(
    sql`insert into transactions (account_number, type, description, amount_cents, transaction_date)
        values (${accountNumber}, 'credit', 'Opening', ${cents}, now())`,
  );
}

/**
 * The bank's student becomes a class banker whose every request waits for a teacher (the bank's
 * limit 0), so a withdrawal they ask for holds its amount on the classmate's account.
 */
export async function makeWaitingBanker(db: Database, bank: SeededBank): Promise<void> {
  await db.update(users).set({ banker: true }).where(eq(users.id, bank.student.id));
  await setBank(db, bank.bankId, { bankerLimitCents: 0 });
}
