import { NativeSelect } from '@mantine/core';
import { useState } from 'react';
import { economyScreens as t, type Branch } from '@bank/shared';
import { ApiError } from '../../lib/api-client';
import { useRequiredSession } from '../../lib/current-user';
import { useBranches, useStudents } from '../../lib/queries';

/**
 * The class (branch) a screen works on and its Students: a teacher's own, fixed; an admin chooses
 * one (the first at first). A teacher without a class gets null: the screen says what to do.
 */
export function useClassChoice() {
  const { user } = useRequiredSession();
  const teacher = user.userRole === 'TELLER';
  const branches = useBranches(user.bankId, !teacher);
  const [chosen, setChosen] = useState('');
  const first = branches.data?.[0];
  const branchId = teacher ? user.branchId : chosen ? Number(chosen) : (first?.branchId ?? null);
  const students = useStudents(
    user.bankId,
    { branchId: branchId === null ? undefined : String(branchId) },
    branchId !== null,
  );
  return { teacher, branches: branches.data ?? [], branchId, setChosen, bankId: user.bankId, students };
}

/** An admin's choice of class; a teacher sees none (theirs is the only one they work on). */
export function ClassSelect({
  teacher,
  branches,
  branchId,
  onChange,
}: {
  teacher: boolean;
  branches: Branch[];
  branchId: number | null;
  onChange: (value: string) => void;
}) {
  if (teacher || branches.length === 0) return null;
  return (
    <NativeSelect
      label={t.classLabel}
      data={branches.map((b) => ({ value: String(b.branchId), label: b.branchName }))}
      value={branchId === null ? '' : String(branchId)}
      onChange={(e) => onChange(e.currentTarget.value)}
      maw={360}
    />
  );
}

/** The server's refusal with each named field's reason under it ("Kid 2 already has 3 jobs"). */
export function refusalLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.fields) return [];
  return [...new Set(Object.values(error.fields))].filter((line) => line !== error.message);
}

/** After a form closes: the focus goes to the page's heading, above the status that says what happened. */
export function focusPageHeading() {
  window.setTimeout(() => document.querySelector<HTMLElement>('[data-page-heading]')?.focus(), 0);
}
