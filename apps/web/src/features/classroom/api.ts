import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchBody, BatchPreview, BatchResult, ImportCheck, ImportResult } from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { queryKeys } from '../../lib/queries';

/** The classroom tools' calls (API.md "Classroom tools"): payday and roster import. */

/** POST /teller/batches/preview: what the payday would do, row by row; writes nothing. */
export function usePaydayPreview() {
  return useMutation({
    mutationFn: (body: BatchBody) =>
      api.json<BatchPreview>('/teller/batches/preview', { method: 'POST', json: body }),
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
      api.json<BatchResult>('/teller/batches', {
        method: 'POST',
        json: body,
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

const csvBody = (csv: string) => ({
  method: 'POST' as const,
  text: csv,
  headers: { 'Content-Type': 'text/csv' },
});

/** POST /admin/users/import?dryRun=true: every row checked, nothing written. */
export function useImportCheck() {
  return useMutation({
    mutationFn: (csv: string) =>
      api.json<ImportCheck>('/admin/users/import', { ...csvBody(csv), query: { dryRun: 'true' } }),
  });
}

/** POST /admin/users/import: all or nothing. The answer carries passwords: the mutation keeps nothing. */
export function useImportStudents() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => api.json<ImportResult>('/admin/users/import', csvBody(csv)),
    gcTime: 0,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin-users'] }),
        client.invalidateQueries({ queryKey: queryKeys.accounts }),
        client.invalidateQueries({ queryKey: ['branches'] }),
      ]),
  });
}
