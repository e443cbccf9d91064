import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { accounts, banks, branches, users } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { hashPassword } from '../auth/passwords.js';

export const DEMO_PASSWORD = 'Demo-1234';

export interface DemoStudent {
  actor: Actor;
  checking: string;
  savings: string | null;
}

export interface DemoPeople {
  db: Database;
  bankId: number;
  teller: Actor;
  students: DemoStudent[];
}

const STUDENTS = [
  {
    username: 'student',
    name: 'Sam Rivera',
    displayName: 'Sam',
    branch: 'main',
    checking: '4000012345',
    savingsNumber: '4000067890',
  },
  {
    username: 'maya',
    name: 'Maya Chen',
    displayName: null,
    branch: 'main',
    checking: '4000023456',
    savingsNumber: null,
  },
  {
    username: 'jordan',
    name: 'Jordan Lee',
    displayName: 'Jo',
    branch: 'north',
    checking: '4100034567',
    savingsNumber: '4100078901',
  },
  {
    username: 'priya',
    name: 'Priya Patel',
    displayName: null,
    branch: 'north',
    checking: '4100045678',
    savingsNumber: null,
  },
] as const;

/** The demo bank's people and accounts (API.md "Operating the bank"), in one transaction. */
export async function createDemoPeople(db: Database, openedAt: Date): Promise<DemoPeople> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return inTransaction(db, async (tx) => {
    const [bank] = await tx
      .insert(banks)
      .values({ name: 'Demo School Bank', savingsRateHundredths: 250 })
      .returning({ id: banks.id });
    const bankId = bank!.id;
    const [main] = await tx.insert(branches).values({ bankId, name: 'Main Campus' }).returning();
    const [north] = await tx.insert(branches).values({ bankId, name: 'North Campus' }).returning();
    const branchIds = { main: main!.id, north: north!.id };
    const person = { bankId, passwordHash, mustChangePassword: false, createdAt: openedAt };
    await tx.insert(users).values({ ...person, username: 'admin', name: 'Ada Morgan', role: 'ADMIN' });
    const [teller] = await tx
      .insert(users)
      .values({ ...person, username: 'teller', name: 'Theo Lind', role: 'TELLER', branchId: branchIds.main })
      .returning();
    const students: DemoStudent[] = [];
    for (const s of STUDENTS) {
      const branchId = branchIds[s.branch];
      const [user] = await tx
        .insert(users)
        .values({
          ...person,
          username: s.username,
          name: s.name,
          displayName: s.displayName,
          role: 'USER',
          branchId,
        })
        .returning();
      const account = { bankId, branchId, userId: user!.id, openedAt };
      await tx.insert(accounts).values({ ...account, accountNumber: s.checking, type: 'CHECKING' });
      if (s.savingsNumber)
        await tx.insert(accounts).values({ ...account, accountNumber: s.savingsNumber, type: 'SAVINGS' });
      students.push({
        actor: { id: user!.id, username: s.username, role: 'USER', bankId, branchId, sessionId: 0 },
        checking: s.checking,
        savings: s.savingsNumber,
      });
    }
    return {
      db,
      bankId,
      teller: {
        id: teller!.id,
        username: 'teller',
        role: 'TELLER',
        bankId,
        branchId: branchIds.main,
        sessionId: 0,
      },
      students,
    };
  });
}
