import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  classroomCalls,
  scheduleCalls,
  teacherCalls,
  type CreateScheduleBody,
  type ReverseBatchBody,
  type UpdateScheduleBody,
} from '@bank/shared';
import { api, ApiError } from '../../lib/api-client';
import { pendingSubmissions } from '../../lib/idempotency';
import { useKeyedPages } from '../../lib/keyed-pages';
import { queryKeys } from '../../lib/queries';

/** The school year's calls (API.md "The school year"): schedules, their runs, paydays and their reversal. */
export const scheduleKeys = {
  all: ['schedules'] as const,
  list: (bankId: number) => ['schedules', 'list', bankId] as const,
  runs: (scheduleId: number) => ['schedules', 'runs', scheduleId] as const,
  paydays: (bankId: number) => ['schedules', 'paydays', bankId] as const,
  payday: (batchId: string) => ['schedules', 'payday', batchId] as const,
};

/** After money moved: balances, transactions, schedules (their last run) and the payday history. */
function useInvalidateMoney() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.accounts }),
      client.invalidateQueries({ queryKey: queryKeys.transactions }),
      client.invalidateQueries({ queryKey: scheduleKeys.all }),
    ]);
}

/** GET /teller/schedules/{bankId}: by next run, paused ones last. */
export function useSchedules(bankId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.list(bankId),
    queryFn: ({ signal }) => api.call(scheduleCalls.list, { params: { bankId }, signal }),
    enabled,
  });
}

/** GET /teller/schedules/{scheduleId}/runs: newest first, a page at a time. */
export function useScheduleRuns(scheduleId: number) {
  return useKeyedPages(scheduleKeys.runs(scheduleId), (cursor, signal) =>
    api.callWithHeaders(scheduleCalls.runs, { params: { scheduleId }, query: { cursor }, signal }),
  );
}

/** POST /teller/schedules/preview: the form's next run before it is saved; writes nothing. */
export function usePreviewTerms() {
  return useMutation({
    mutationFn: (body: CreateScheduleBody) => api.call(scheduleCalls.previewTerms, { body }),
  });
}

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateScheduleBody) => api.call(scheduleCalls.create, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/** PUT /teller/schedules/{scheduleId}: terms, or `active` to pause and resume. */
export function useUpdateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ scheduleId, body }: { scheduleId: number; body: UpdateScheduleBody }) =>
      api.call(scheduleCalls.update, { params: { scheduleId }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (scheduleId: number) => api.call(scheduleCalls.delete, { params: { scheduleId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
}

/**
 * POST /teller/schedules/{scheduleId}/runNow with an Idempotency-Key kept until the server answers
 * (lib/idempotency): pressing again after a lost answer runs it once.
 */
export function useRunNow() {
  const invalidate = useInvalidateMoney();
  const kind = (scheduleId: number) => `runNow.${scheduleId}`;
  return useMutation({
    mutationFn: (scheduleId: number) =>
      api.call(scheduleCalls.runNow, {
        params: { scheduleId },
        headers: { 'Idempotency-Key': pendingSubmissions.keyFor(kind(scheduleId), { scheduleId }) },
      }),
    onError: (error, scheduleId) => {
      if (error instanceof ApiError && error.answered) pendingSubmissions.answered(kind(scheduleId));
    },
    onSuccess: (_run, scheduleId) => {
      pendingSubmissions.answered(kind(scheduleId));
      return invalidate();
    },
  });
}

/** GET /teller/batches/{bankId}: newest first. */
export function usePaydays(bankId: number, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.paydays(bankId),
    queryFn: ({ signal }) => api.call(classroomCalls.paydays, { params: { bankId }, signal }),
    enabled,
  });
}

/** GET /teller/batches/{bankId}/{batchId}: the payday's payments, each with its student. */
export function usePayday(bankId: number, batchId: string, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.payday(batchId),
    queryFn: ({ signal }) => api.call(classroomCalls.paydayDetail, { params: { bankId, batchId }, signal }),
    enabled,
  });
}

/**
 * POST /admin/batches/{batchId}/reverse: all of it or the chosen accounts, all or nothing. A teacher
 * calls POST /teller/batches/{batchId}/reverse (issue 33: their own class's payments).
 */
export function useReversePayday(via: 'admin' | 'teacher' = 'admin') {
  const invalidate = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ batchId, body }: { batchId: string; body: ReverseBatchBody }) =>
      api.call(via === 'admin' ? classroomCalls.reversePayday : teacherCalls.reversePayday, {
        params: { batchId },
        body,
      }),
    onSuccess: invalidate,
  });
}
