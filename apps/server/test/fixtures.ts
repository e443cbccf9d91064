import { eq, sql } from 'drizzle-orm';
import type { Role } from '@bank/shared';
import { queryRows, type Database } from '../src/db/client.js';
import { accounts, banks, branches, transactions, users } from '../src/db/schema.js';
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

/** `count` more accounts for the bank's two students in turn, the first `savings` of them SAVINGS: their numbers. */
export async function insertStudentAccounts(
  db: Database,
  bank: SeededBank,
  count: number,
  savings: number,
): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const owner = i % 2 ? bank.otherStudent : bank.student;
    const account = await insertAccount(db, {
      userId: owner.id,
      bankId: bank.bankId,
      branchId: owner.branchId!,
      type: i < savings ? 'SAVINGS' : 'CHECKING',
    });
    numbers.push(account.accountNumber);
  }
  return numbers;
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
 * `legs` pending transfer legs between the given accounts (funded first: each needs what its
 * debits take, at most 97 cents each), due at `dueAt` and in that order a millisecond apart, each
 * amount 1–97 cents, written by one statement with the balances they move: many rows for the
 * posting run at once, the books balanced as the ledger's own transfers would leave them.
 */
export async function insertPendingTransfers(
  db: Database,
  accountNumbers: string[],
  legs: number,
  dueAt: Date,
): Promise<void> {
  await db.execute(sql`
    with pairs as (
      select g, n[1 + g % cardinality(n)] as src, n[1 + (g + 1 + g % (cardinality(n) - 1)) % cardinality(n)] as dst,
             1 + g % 97 as cents, ${dueAt.toISOString()}::timestamptz + g * interval '1 millisecond' as due,
             gen_random_uuid() as transfer
      from (select ${`{${accountNumbers.join(',')}}`}::text[] as n) a, generate_series(1, ${Math.floor(legs / 2)}) as g)
    insert into transactions (account_number, type, description, amount_cents, status, transaction_date, transfer_id)
    select case when leg = 0 then src else dst end, case when leg = 0 then 'debit' else 'credit' end,
           'Fixture transfer', cents, 'pending', due, transfer
    from pairs cross join (values (0), (1)) as legs(leg)
    order by g, leg`);
  await db.execute(sql`
    update accounts a set balance_cents = s.total
    from (select account_number, sum(case when type = 'credit' then amount_cents else -amount_cents end)::bigint as total
          from transactions where deleted_at is null group by account_number) s
    where s.account_number = a.account_number and a.account_number = any(${`{${accountNumbers.join(',')}}`}::text[])`);
}

/**
 * A transaction as the ledger leaves it once posted at `postedIso` (its running balance and
 * posting order with it), with the account's balance kept in step: history for month-end to read.
 */
export async function insertPosted(
  db: Database,
  accountNumber: string,
  type: 'credit' | 'debit',
  amountCents: number,
  postedIso: string,
  description = type === 'credit' ? 'Teller Deposit' : 'Teller Withdrawal',
) {
  const signed = type === 'credit' ? amountCents : -amountCents;
  const [row] = await db
    .insert(transactions)
    .values({
      accountNumber,
      type,
      description,
      amountCents,
      status: 'posted',
      transactionDate: new Date(postedIso),
      postedDate: new Date(postedIso),
      accountBalanceCents: sql`(select coalesce(sum(case when type = 'credit' then amount_cents else -amount_cents end), 0)
                                 from transactions where account_number = ${accountNumber} and status = 'posted'
                                   and deleted_at is null) + ${signed}`,
      postingSeq: sql`(select coalesce(max(posting_seq), 0) + 1 from transactions)`,
    })
    .returning();
  await db
    .update(accounts)
    .set({ balanceCents: sql`${accounts.balanceCents} + ${signed}` })
    .where(eq(accounts.accountNumber, accountNumber));
  return row!;
}

let bulkCounter = 0;
/**
 * `count` Students of a branch, each with a checking account, in one statement: a class far bigger
 * than a payday (tests of the limits). Usernames are `{prefix}-{n}`, names sort in that order.
 */
export async function insertStudents(
  db: Database,
  input: { bankId: number; branchId: number; count: number; prefix: string },
): Promise<string[]> {
  const base = 8_000_000_000 + ++bulkCounter * 20_000;
  const rows = await queryRows<{ account_number: string }>(
    db,
    sql`
    with kids as (
      insert into users (username, name, role, bank_id, branch_id, password_hash, must_change_password)
      select ${input.prefix} || '-' || g, 'Kid ' || lpad(g::text, 5, '0'), 'USER', ${input.bankId},
             ${input.branchId}, ${await fixtureHash()}, false
      from generate_series(1, ${input.count}) g
      returning id
    )
    insert into accounts (account_number, user_id, bank_id, branch_id, type)
    select (${base}::bigint + row_number() over (order by id))::text, id, ${input.bankId}, ${input.branchId},
           'CHECKING'
    from kids
    returning account_number`,
  );
  return rows.map((r) => r.account_number);
}

/**
 * The bank's student becomes a class banker whose every request waits for a teacher (the bank's
 * limit 0), so a withdrawal they ask for holds its amount on the classmate's account.
 */
export async function makeWaitingBanker(db: Database, bank: SeededBank): Promise<void> {
  await db.update(users).set({ banker: true }).where(eq(users.id, bank.student.id));
  await setBank(db, bank.bankId, { bankerLimitCents: 0 });
}
