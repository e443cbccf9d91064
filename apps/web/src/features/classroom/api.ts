import { useMutation, useQueryClient } from '@tanstack/react-query';
import { classroomCalls, type BatchBody, type ImportCheck, type ImportResult } from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/** The classroom tools' calls (API.md "Classroom tools"): payday and roster import. */

/** POST /teller/batches/preview: what the payday would do, row by row; writes nothing. */
export function usePaydayPreview() {
  return useMutation({
    mutationFn: (body: BatchBody) => api.call(classroomCalls.previewPayday, { body }),
  });
}

/**
 * POST /teller/batches with its Idempotency-Key kept until the server answers (lib/idempotency):
 * a retry after a lost answer, even after a reload, pays the class once.
 */
export function usePayday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchBody) =>
      api.call(classroomCalls.payday, {
        body,
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor('payday', body) },
      }),
    onError: (error) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered('payday');
    },
    onSuccess: () => {
      pendingSubmissions.answered('payday');
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: queryKeys.transactions }),
      ]);
    },
  });
}

/** The import answers a check (200) to a dry run and the created students (201) otherwise. */
const isCheck = (answer: ImportCheck | ImportResult): answer is ImportCheck => 'rows' in answer;

/** What an import sends: the CSV, and whether the classes it names that do not exist are made. */
export interface ImportInput {
  csv: string;
  createBranches: boolean;
}

/** POST /admin/users/import?dryRun=true: every row checked, nothing written. */
export function useImportCheck() {
  return useMutation({
    mutationFn: async ({ csv, createBranches }: ImportInput): Promise<ImportCheck> => {
      const answer = await api.call(classroomCalls.importRoster, {
        body: csv,
        query: { dryRun: true, createBranches },
      });
      if (!isCheck(answer)) throw new Error('The dry run created students');
      return answer;
    },
  });
}

/** POST /admin/users/import: all or nothing. The answer carries passwords: the mutation keeps nothing. */
export function useImportStudents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ csv, createBranches }: ImportInput): Promise<ImportResult> => {
      const answer = await api.call(classroomCalls.importRoster, { body: csv, query: { createBranches } });
      if (isCheck(answer)) throw new Error('The import only checked its rows');
      return answer;
    },
    gcTime: 0,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin-users'] }),
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: ['branches'] }),
      ]),
  });
}
