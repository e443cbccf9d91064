import { and, eq, ne, sql } from 'drizzle-orm';
import { messages } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import { pgErrorCode, pgErrorCodes } from '../../db/pg-error.js';
import { branches } from '../../db/schema.js';
import { badRequest, conflict } from '../errors.js';

/**
 * Names are stored trimmed (a CHECK insists) and compared without case, as the unique index
 * `(bank_id, lower(name))` does. The shared schema trims already; trimming again keeps the domain
 * safe for callers that did not come through HTTP.
 */
export function normaliseBranchName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest(messages.branchNameBlank, { branchName: messages.branchNameBlank });
  return trimmed;
}

/** 409 when another branch of the bank already has the name (in any case). */
export async function assertBranchNameFree(
  db: Executor,
  bankId: number,
  name: string,
  exceptBranchId?: number,
): Promise<void> {
  const [taken] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(
      and(
        eq(branches.bankId, bankId),
        eq(sql`lower(${branches.name})`, name.toLowerCase()),
        exceptBranchId === undefined ? undefined : ne(branches.id, exceptBranchId),
      ),
    )
    .limit(1);
  if (taken) throw conflict(messages.branchExists, 'BRANCH_EXISTS');
}

/** PostgreSQL's unique_violation, as raised by either driver. */
export const isUniqueViolation = (error: unknown): boolean =>
  pgErrorCode(error) === pgErrorCodes.uniqueViolation;
