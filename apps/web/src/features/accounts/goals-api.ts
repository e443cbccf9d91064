import { useMutation, useQueryClient } from '@tanstack/react-query';
import { goalCalls, type CreateGoalBody, type UpdateGoalBody } from '@bank/shared';
import { api } from '../../lib/api-client';
import { queryKeys } from '../../lib/queries';

/** A Student's savings goals (API.md "Students who take part"): add, change, delete their own. */

function useInvalidateGoals(username: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.goals(username) });
}

/** POST /user/goals. */
export function useCreateGoal(username: string) {
  const invalidate = useInvalidateGoals(username);
  return useMutation({
    mutationFn: (body: CreateGoalBody) => api.call(goalCalls.create, { body }),
    onSuccess: invalidate,
  });
}

/** PUT /user/goals/{goalId}. */
export function useUpdateGoal(username: string) {
  const invalidate = useInvalidateGoals(username);
  return useMutation({
    mutationFn: ({ goalId, body }: { goalId: number; body: UpdateGoalBody }) =>
      api.call(goalCalls.update, { params: { goalId }, body }),
    onSuccess: invalidate,
  });
}

/** DELETE /user/goals/{goalId}. */
export function useDeleteGoal(username: string) {
  const invalidate = useInvalidateGoals(username);
  return useMutation({
    mutationFn: (goalId: number) => api.call(goalCalls.delete, { params: { goalId } }),
    onSuccess: invalidate,
  });
}
