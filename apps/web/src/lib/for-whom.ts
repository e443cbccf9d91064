import type { Branch, User } from '@bank/shared';

export interface ForWhomOption {
  value: string;
  label: string;
}

/**
 * For whom a store item or an auction is: an admin picks the whole bank (the empty value) or a
 * class; a teacher offers their own class only (the server refuses anything else).
 */
export function forWhomOptions(user: User, branches: Branch[], wholeBank: string): ForWhomOption[] {
  const admin = user.userRole === 'ADMIN';
  const mine = branches.filter((b) => admin || b.branchId === user.branchId);
  const options = mine.map((b) => ({ value: String(b.branchId), label: b.branchName }));
  return admin ? [{ value: '', label: wholeBank }, ...options] : options;
}
