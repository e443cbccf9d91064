import type { BatchKind } from '@bank/shared';

/**
 * What Payday's confirmation hands the Schedules screen when a teacher asks to repeat a payday
 * every week: its terms, carried in router state (like the money flows' confirmations), so a
 * typed-in address opens an empty form. Lives in lib/ because two features share it.
 */
export interface SchedulePrefill {
  name: string;
  kind: BatchKind;
  /** Null when the payday paid different amounts: a schedule has one. */
  amount: number | null;
  memo: string | null;
  /** The accounts the payday paid, in its order. */
  accountIds: string[];
}

const KEY = 'schedulePrefill';

export const prefillState = (prefill: SchedulePrefill) => ({ [KEY]: prefill });

/** The prefill in a location's state, if it carries one. */
export function readPrefill(state: unknown): SchedulePrefill | null {
  if (typeof state !== 'object' || state === null || !(KEY in state)) return null;
  const prefill = (state as Record<string, unknown>)[KEY];
  if (typeof prefill !== 'object' || prefill === null) return null;
  const p = prefill as Partial<SchedulePrefill>;
  if (typeof p.name !== 'string' || (p.kind !== 'deposit' && p.kind !== 'withdrawal')) return null;
  if (!Array.isArray(p.accountIds)) return null;
  return {
    name: p.name,
    kind: p.kind,
    amount: typeof p.amount === 'number' ? p.amount : null,
    memo: typeof p.memo === 'string' ? p.memo : null,
    accountIds: p.accountIds.filter((id): id is string => typeof id === 'string'),
  };
}
