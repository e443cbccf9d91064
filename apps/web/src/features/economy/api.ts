import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  awardCalls,
  jobCalls,
  type CreateAwardBody,
  type CreateJobBody,
  type GiveAwardBody,
  type UpdateAwardBody,
  type UpdateJobBody,
} from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/** The class economy's calls (API.md "The class economy"): jobs, awards and giving one. */

export const economyKeys = {
  jobs: (bankId: number) => ['economy', 'jobs', bankId] as const,
  board: (username: string) => ['economy', 'jobs', 'board', username.toLowerCase()] as const,
  awards: (bankId: number) => ['economy', 'awards', bankId] as const,
};

/** GET /teller/jobs/{bankId}: the bank's jobs by name, with their holders (staff). */
export function useJobs(bankId: number) {
  return useQuery({
    queryKey: economyKeys.jobs(bankId),
    queryFn: ({ signal }) => api.call(jobCalls.list, { params: { bankId }, signal }),
  });
}

/** GET /user/jobBoard/{username}: a Student's jobs, then their class's, with wages and classmates' names. */
export function useJobBoard(username: string) {
  return useQuery({
    queryKey: economyKeys.board(username),
    queryFn: ({ signal }) => api.call(jobCalls.board, { params: { username }, signal }),
  });
}

/** A change of jobs or awards: every list of them is read again. */
function useChangeOf<T, R>(what: 'jobs' | 'awards', mutationFn: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['economy', what] }),
  });
}

const useJobChange = <T, R>(mutationFn: (input: T) => Promise<R>) => useChangeOf('jobs', mutationFn);
const useAwardChange = <T, R>(mutationFn: (input: T) => Promise<R>) => useChangeOf('awards', mutationFn);

export const useCreateJob = () => useJobChange((body: CreateJobBody) => api.call(jobCalls.create, { body }));

export const useUpdateJob = () =>
  useJobChange(({ jobId, body }: { jobId: number; body: UpdateJobBody }) =>
    api.call(jobCalls.update, { params: { jobId }, body }),
  );

export const useDeleteJob = () =>
  useJobChange((jobId: number) => api.call(jobCalls.delete, { params: { jobId } }));

/** GET /teller/awards/{bankId}: the bank's awards by name. */
export function useAwards(bankId: number) {
  return useQuery({
    queryKey: economyKeys.awards(bankId),
    queryFn: ({ signal }) => api.call(awardCalls.list, { params: { bankId }, signal }),
  });
}

export const useCreateAward = () =>
  useAwardChange((body: CreateAwardBody) => api.call(awardCalls.create, { body }));

export const useUpdateAward = () =>
  useAwardChange(({ awardId, body }: { awardId: number; body: UpdateAwardBody }) =>
    api.call(awardCalls.update, { params: { awardId }, body }),
  );

export const useDeleteAward = () =>
  useAwardChange((awardId: number) => api.call(awardCalls.delete, { params: { awardId } }));

/**
 * POST /teller/awards/{awardId}/give with its Idempotency-Key kept until the server answers
 * (lib/idempotency): a retry after a lost answer, even after a reload, gives the award once.
 */
export function useGiveAward() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ awardId, body }: { awardId: number; body: GiveAwardBody }) =>
      api.call(awardCalls.give, {
        params: { awardId },
        body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor('award', { awardId, body }) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered('award');
    },
    onSuccess: () => {
      pendingSubmissions.answered('award');
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: queryKeys.transactions }),
      ]);
    },
  });
}
