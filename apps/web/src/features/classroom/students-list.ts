import { useState } from 'react';
import { classroomCalls, type Branch, type Student, type User } from '@bank/shared';
import { api } from '../../lib/api-client';
import { pageOf, usePagedList, useUnfilteredTotal, type PageReader } from '../../lib/paged-list';

/**
 * Under `accounts` (lib/queries students): a money movement changes the balances the roster
 * shows, and every list of accounts is read again after one.
 */
const studentPagesKey = (bankId: number) => ['accounts', 'students', bankId, 'pages'] as const;

interface StudentSearch {
  q: string;
  branchId: string;
}

function reader(bankId: number, search: StudentSearch): PageReader<Student> {
  return async ({ cursor, limit, signal }) =>
    pageOf(
      await api.callWithHeaders(classroomCalls.students, {
        params: { bankId },
        query: {
          q: search.q || undefined,
          branchId: search.branchId ? Number(search.branchId) : undefined,
          limit,
          cursor,
        },
        signal,
      }),
    );
}

/** GET /teller/students/{bankId} a page at a time, searched and filtered on the server (issue 20). */
export function useStudentPages(bankId: number, search: StudentSearch) {
  const filtered = search.q !== '' || search.branchId !== '';
  const list = usePagedList([...studentPagesKey(bankId), search.branchId, search.q], reader(bankId, search));
  const unfilteredTotal = useUnfilteredTotal(
    studentPagesKey(bankId),
    reader(bankId, { q: '', branchId: '' }),
    filtered,
  );
  return { list, filtered, unfilteredTotal };
}

const rememberedKey = (user: User) => `bank.students.class.${user.username.toLowerCase()}`;

/**
 * The class (branch) the Students screen shows (issue 33): the one last chosen on this device, else
 * a teacher's own class, else every class. A remembered class that no longer exists is forgotten.
 */
export function useRememberedClass(user: User, branches: Branch[]): [string, (branchId: string) => void] {
  const [branchId, setBranchId] = useState(() => {
    const stored = window.localStorage.getItem(rememberedKey(user));
    if (stored !== null) return stored;
    return user.userRole === 'TELLER' && user.branchId !== null ? String(user.branchId) : '';
  });
  // Once the branches are known, a remembered class that is gone reads as every class.
  const known =
    branchId === '' || branches.length === 0 || branches.some((b) => String(b.branchId) === branchId);
  const choose = (next: string) => {
    window.localStorage.setItem(rememberedKey(user), next);
    setBranchId(next);
  };
  return [known ? branchId : '', choose];
}
