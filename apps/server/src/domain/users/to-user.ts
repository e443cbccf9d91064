import type { User } from '@bank/shared';
import { users } from '../../db/schema.js';

/** The columns a User answer is built from: the password hash is never even read for one. */
export const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  displayName: users.displayName,
  role: users.role,
  bankId: users.bankId,
  branchId: users.branchId,
  mustChangePassword: users.mustChangePassword,
  banker: users.banker,
};

type UserFields = Pick<
  typeof users.$inferSelect,
  'username' | 'name' | 'displayName' | 'role' | 'bankId' | 'branchId' | 'mustChangePassword' | 'banker'
>;

export function toUser(row: UserFields): User {
  return {
    userId: row.username,
    username: row.username,
    name: row.name,
    displayName: row.displayName,
    userRole: row.role,
    bankId: row.bankId,
    branchId: row.branchId,
    mustChangePassword: row.mustChangePassword,
    banker: row.banker,
  };
}
