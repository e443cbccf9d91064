import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import {
  decoyHash,
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  setPasswordHashCost,
  verifyPassword,
} from '../src/domain/auth/passwords.js';
import { call, startTestApp, TEST_PASSWORD_HASH_COST, type TestApp } from './harness.js';
import { seedBank } from './fixtures.js';

/**
 * The password hash at the production cost. The other tests hash at a low cost for speed
 * (harness.ts); this file checks what the server does when nothing lowers it.
 */
afterEach(() => setPasswordHashCost(TEST_PASSWORD_HASH_COST));

describe('PASSWORD_HASH_COST', () => {
  it('is scrypt N=2^15 unless set, and refuses a cost outside 4..17 by name', () => {
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(15);
    expect(loadConfig({}).passwordHashCost).toBe(15);
    expect(loadConfig({ PASSWORD_HASH_COST: '16' }).passwordHashCost).toBe(16);
    for (const bad of ['3', '18', '12.5', 'high']) {
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad })).toThrow(/PASSWORD_HASH_COST/);
    }
    expect(() => setPasswordHashCost(3)).toThrow(RangeError);
  });
});

describe('a password hash at the production cost', () => {
  it('names scrypt N=2^15, r=8, p=1 and a 16-byte salt, and accepts only the right password', async () => {
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    const stored = await hashPassword('Correct-Horse-7');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(salt!, 'base64')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64')).toHaveLength(32);
    expect(await hashPassword('Correct-Horse-7')).not.toBe(stored);
    expect(await verifyPassword('Correct-Horse-7', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-7', stored)).toBe(false);
    expect((await decoyHash()).startsWith('scrypt$32768$8$1$')).toBe(true);
  });

  it('still accepts a password stored at another cost after the cost changes', async () => {
    const cheap = await hashPassword('Kept-Secret-42');
    expect(cheap.startsWith(`scrypt$${2 ** TEST_PASSWORD_HASH_COST}$`)).toBe(true);
    setPasswordHashCost(DEFAULT_PASSWORD_HASH_COST);
    expect(await verifyPassword('Kept-Secret-42', cheap)).toBe(true);
    expect(await verifyPassword('Kept-Secret-43', cheap)).toBe(false);
  });
});

describe('a server with the default configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ passwordHashCost: loadConfig({}).passwordHashCost });
  });
  afterAll(() => t.close());

  it("hashes a new user's temporary password at N=2^15, and that password signs in", async () => {
    const bank = await seedBank(t.db, 'cost');
    const created = await call(t.app, 'POST', '/admin/users/create', {
      token: bank.tokens.admin,
      body: {
        username: 'cost-pupil',
        name: 'Cost Pupil',
        userRole: 'USER',
        bankId: bank.bankId,
        branchId: bank.main.id,
      },
    });
    expect(created.status).toBe(201);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'cost-pupil'));
    expect(row!.passwordHash.startsWith('scrypt$32768$8$1$')).toBe(true);
    const temporary = /Temporary password: (.+)$/.exec(created.body)![1]!;
    const login = await call(t.app, 'POST', '/login', {
      body: { username: 'cost-pupil', password: temporary },
    });
    expect(login.status).toBe(200);
  });
});
