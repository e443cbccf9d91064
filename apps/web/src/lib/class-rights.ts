import { classRightRefusal, type ClassRight, type ClassRightRefusal } from '@bank/shared';
import { useRequiredSession } from './current-user';
import { useBankSettings } from './queries';

export interface ClassRights {
  /** Why the signed-in staff member may not use the right for Students of these branches, or null. */
  refusal: (right: ClassRight, branchIds?: readonly number[]) => ClassRightRefusal | null;
  /** Whether they may, for a Student of this branch (none: for their own class). */
  may: (right: ClassRight, branchId?: number) => boolean;
  /** The teacher's own class (branch), null for an admin or a teacher without one. */
  ownClass: number | null;
}

/**
 * What the signed-in teacher may do for a class (issue 33), by the rule the server enforces
 * (`classRightRefusal`): the screens offer the way, or say whom to ask and for what.
 */
export function useClassRights(): ClassRights {
  const { user } = useRequiredSession();
  const settings = useBankSettings(user.bankId, user.userRole === 'TELLER');
  const refusal = (right: ClassRight, branchIds: readonly number[] = []) =>
    classRightRefusal(user, settings.data, right, branchIds);
  return {
    refusal,
    may: (right, branchId) => refusal(right, branchId === undefined ? [] : [branchId]) === null,
    ownClass: user.userRole === 'TELLER' ? user.branchId : null,
  };
}
