import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { fromCents, type Schedule, type ScheduleRun } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { scheduleRuns, schedules, users } from '../../db/schema.js';
import { mapPage, pageFrom, type KeyedPage, type Page } from '../paging.js';

export type ScheduleRow = typeof schedules.$inferSelect;
export type RunRow = typeof scheduleRuns.$inferSelect;

/** What a run record keeps of an account left out or cut, amounts in cents. */
export interface StoredLeftOut {
  accountId: string | null;
  username: string | null;
  name: string | null;
  reason: string;
}
export interface StoredCut {
  accountId: string;
  username: string | null;
  name: string | null;
  askedCents: number;
  paidCents: number;
}

export function toRun(row: RunRow, ranBy: string | null): ScheduleRun {
  return {
    runAt: row.runAt.toISOString(),
    extra: row.occurrenceDate === null,
    batchId: row.batchId,
    batchIds: row.batchIds,
    count: row.itemCount,
    total: fromCents(row.totalCents),
    leftOut: row.leftOut as StoredLeftOut[],
    leftOutCount: row.leftOutCount,
    cut: (row.cut as StoredCut[]).map(({ askedCents, paidCents, ...item }) => ({
      ...item,
      asked: fromCents(askedCents),
      paid: fromCents(paidCents),
    })),
    cutCount: row.cutCount,
    problem: row.problem,
    ranBy,
  };
}

/** Every run of one schedule, newest first, with who pressed Run now. */
export async function runsOfSchedule(
  db: Executor,
  scheduleId: number,
  page: KeyedPage,
): Promise<Page<ScheduleRun>> {
  const after = page.cursor === undefined ? undefined : /^([0-9]+)-([0-9]+)$/.exec(page.cursor);
  const rows = await db
    .select({ run: scheduleRuns, ranBy: users.username })
    .from(scheduleRuns)
    .leftJoin(users, eq(users.id, scheduleRuns.ranBy))
    .where(
      and(
        eq(scheduleRuns.scheduleId, scheduleId),
        after
          ? sql`(${scheduleRuns.runAt}, ${scheduleRuns.id}) < (to_timestamp(${Number(after[1])} / 1000.0), ${Number(after[2])})`
          : undefined,
      ),
    )
    .orderBy(desc(scheduleRuns.runAt), desc(scheduleRuns.id))
    .limit(page.limit + 1);
  // The cursor is the last run's own key: its time (a run's time is a JS Date: milliseconds), and its id.
  const read = pageFrom(rows, page.limit, ({ run }) => `${run.runAt.getTime()}-${run.id}`, null);
  return mapPage(read, ({ run, ranBy }) => toRun(run, ranBy));
}

/** The newest run of each of the given schedules. */
async function lastRunsOf(db: Executor, scheduleIds: number[]): Promise<Map<number, ScheduleRun>> {
  if (scheduleIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([scheduleRuns.scheduleId], { run: scheduleRuns, ranBy: users.username })
    .from(scheduleRuns)
    .leftJoin(users, eq(users.id, scheduleRuns.ranBy))
    .where(inArray(scheduleRuns.scheduleId, scheduleIds))
    .orderBy(scheduleRuns.scheduleId, desc(scheduleRuns.runAt), desc(scheduleRuns.id));
  return new Map(rows.map(({ run, ranBy }) => [run.scheduleId, toRun(run, ranBy)]));
}

/** A schedule as the API shows it. */
export function toSchedule(row: ScheduleRow, createdBy: string, lastRun: ScheduleRun | null): Schedule {
  return {
    scheduleId: row.id,
    bankId: row.bankId,
    name: row.name,
    kind: row.kind,
    amount: row.amountCents === null ? null : fromCents(row.amountCents),
    amountFrom: row.amountFrom,
    memo: row.memo,
    every: row.every,
    startDate: row.startDate,
    target:
      row.targetBranchId !== null
        ? { branchId: row.targetBranchId }
        : { accountIds: [...(row.targetAccounts ?? [])] },
    accountType: row.accountType,
    shortfall: row.shortfall,
    active: row.active,
    nextRun: row.nextRunAt?.toISOString() ?? null,
    lastRun,
    pausedReason: row.pausedReason,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Schedules as the API shows them, each with its maker's username and its last run. */
export async function viewSchedules(db: Executor, rows: ScheduleRow[]): Promise<Schedule[]> {
  const makers = rows.length
    ? await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          inArray(
            users.id,
            rows.map((r) => r.createdBy),
          ),
        )
    : [];
  const names = new Map(makers.map((u) => [u.id, u.username]));
  const lastRuns = await lastRunsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSchedule(row, names.get(row.createdBy) ?? '', lastRuns.get(row.id) ?? null));
}
