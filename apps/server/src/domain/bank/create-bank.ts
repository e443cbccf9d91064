import type { Executor } from '../../db/client.js';
import { banks, users } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { generateTemporaryPassword, temporaryPasswordExpiry } from '../auth/temporary-password.js';
import { badRequest } from '../errors.js';
import { USERNAME_PATTERN, bankName, messages } from '@bank/shared';
import { ensureUsernameFree } from '../auth/username.js';

export interface CreatedBank {
  bankId: number;
  username: string;
  temporaryPassword: string;
}

/** An operator creates a bank with its first admin, who signs in with a temporary password. */
export async function createBank(
  db: Executor,
  input: { name: string; adminUsername: string; adminName?: string; password?: string },
): Promise<CreatedBank> {
  const checkedName = bankName.safeParse(input.name);
  if (!checkedName.success) {
    const message = checkedName.error.issues[0]?.message ?? messages.bankNameBlank;
    throw badRequest(message, { name: message });
  }
  const name = checkedName.data;
  if (!USERNAME_PATTERN.test(input.adminUsername)) throw badRequest(messages.userIdFormat);
  await ensureUsernameFree(db, input.adminUsername);
  const temporaryPassword = input.password ?? generateTemporaryPassword();
  const [bank] = await db.insert(banks).values({ name }).returning({ id: banks.id });
  if (!bank) throw new Error('bank insert returned nothing');
  await db.insert(users).values({
    username: input.adminUsername,
    name: input.adminName ?? input.adminUsername,
    role: 'ADMIN',
    bankId: bank.id,
    passwordHash: await hashPassword(temporaryPassword),
    mustChangePassword: input.password === undefined,
    temporaryPasswordExpiresAt: input.password === undefined ? temporaryPasswordExpiry() : null,
  });
  return { bankId: bank.id, username: input.adminUsername, temporaryPassword };
}
