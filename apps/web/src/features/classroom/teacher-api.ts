import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { classroomCalls, limits, teacherCalls, teacherText, type Goal } from '@bank/shared';
import { api } from '../../lib/api-client';

/**
 * What a teacher does for their own class (issue 33, API.md "Teachers without dead ends"): new
 * sign-in slips, a class banker, and the goals of a page of the roster in one call.
 */

/** Under `accounts`, as the roster's pages are: a money movement changes a goal's progress too. */
const pageGoalsKey = (bankId: number, usernames: string[]) =>
  ['accounts', 'students', bankId, 'goals', usernames.join(',')] as const;

/**
 * POST /teller/students/slips: new temporary passwords, as slips. The answer carries passwords, so
 * the mutation keeps nothing once the screen lets go of it (gcTime 0).
 */
export function useNewSlips() {
  return useMutation({
    mutationFn: async (usernames: string[]) =>
      (await api.call(teacherCalls.slips, { body: { usernames } })).slips,
    gcTime: 0,
  });
}

/** The User Ids of a whole class (branch), for its slips: refused above what one call may print. */
export async function classUsernames(bankId: number, branchId: number): Promise<string[]> {
  const students = await api.call(classroomCalls.students, {
    params: { bankId },
    query: { branchId, limit: limits.slipsMax + 1 },
  });
  if (students.length > limits.slipsMax) throw new Error(teacherText.tooManyForSlips(limits.slipsMax));
  return students.map((s) => s.username);
}

/** PUT /teller/users/{username}/banker; the roster is read again (its pages show the flag). */
export function useSetBanker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ username, banker }: { username: string; banker: boolean }) =>
      api.call(teacherCalls.setBanker, { params: { username }, body: { banker } }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['accounts', 'students'] }),
        client.invalidateQueries({ queryKey: ['admin-users'] }),
      ]),
  });
}

export interface PageGoals {
  /** Each Student's goals, by User Id, once their page's answer is in. */
  goalsOf: (username: string) => Goal[] | undefined;
  /** Whether the page of this Student failed to load. */
  failed: (username: string) => boolean;
}

/**
 * GET /teller/students/{bankId}/goals once for each page of the roster (issue 33: not once a row),
 * for the Students of the page who have a savings account (goals live on those).
 */
export function usePageGoals(bankId: number, pages: string[][]): PageGoals {
  const queries = useQueries({
    queries: pages
      .filter((usernames) => usernames.length > 0)
      .map((usernames) => ({
        queryKey: pageGoalsKey(bankId, usernames),
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          api.call(teacherCalls.studentGoals, {
            params: { bankId },
            // The list goes out joined by commas (String of an array), as the schema reads it.
            query: { usernames },
            signal,
          }),
      })),
  });
  const asked = pages.filter((usernames) => usernames.length > 0);
  const pageOf = (username: string) => asked.findIndex((usernames) => usernames.includes(username));
  return {
    goalsOf: (username) => {
      const answer = queries[pageOf(username)]?.data;
      return answer ? (answer.find((s) => s.username === username)?.goals ?? []) : undefined;
    },
    failed: (username) => queries[pageOf(username)]?.isError ?? false,
  };
}
