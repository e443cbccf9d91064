import { and, desc, gt, lt, not, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { limits, messages } from '@bank/shared';
import { badRequest } from './errors.js';

/**
 * Long lists (API.md "Long lists"): a page is asked for with `limit` and the previous page's
 * cursor, which is the last row's own key. Without `limit` a list answers whole, as the product
 * spec's calls do.
 */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

export interface Page<T> {
  rows: T[];
  /** The key of the page's last row when more rows follow; null on the last page or a whole list. */
  nextCursor: string | null;
  /** Every row that matches (for "38 students"); null for a whole list, whose length says it. */
  total: number | null;
}

/** The page size asked for: `limit`, or the largest page when only a cursor came; undefined for a whole list. */
export const pageSize = (query: PageQuery): number | undefined =>
  query.limit ?? (query.cursor === undefined ? undefined : limits.listPageMax);

/** A whole list, as the product spec's calls answer it. */
export const wholeList = <T>(rows: T[]): Page<T> => ({ rows, nextCursor: null, total: null });

/** A page from `limit + 1` rows read: the extra one only says that more exist. */
export function pageFrom<T>(
  read: T[],
  limit: number,
  keyOf: (row: T) => string,
  total: number | null,
): Page<T> {
  const rows = read.slice(0, limit);
  const more = read.length > limit;
  return { rows, nextCursor: more ? keyOf(rows.at(-1)!) : null, total };
}

/** The same page with each row turned into what the API answers. */
export const mapPage = <T, U>(page: Page<T>, view: (row: T) => U): Page<U> => ({
  ...page,
  rows: page.rows.map(view),
});

/** A cursor that names no row of the list (another bank's, or made up). */
export const unknownCursor = () =>
  badRequest(messages.pageCursorInvalid, { cursor: messages.pageCursorInvalid });

/** A page of a list that always pages: how many rows, after which one (its key, as the list gave it). */
export interface KeyedPage {
  limit: number;
  cursor?: string | undefined;
}

/**
 * A queue of rows that wait, then are decided (a bank's requests, its store orders): the waiting
 * rows first, oldest first (the queue staff work through), then the decided ones, newest first. A
 * cursor is `w{id}` after a waiting row or `d{id}` after a decided one.
 */
export function waitingFirst(waiting: SQL, id: AnyPgColumn) {
  return {
    orderBy: [sql`${waiting} desc`, sql`case when ${waiting} then ${id} end asc`, desc(id)] as const,
    /** Where the next page starts: after a waiting row, the later waiting ones and every decided one; after a decided one, the older decided ones. */
    after(cursor: string | undefined): SQL | undefined {
      if (cursor === undefined) return undefined;
      const last = Number(cursor.slice(1));
      return cursor.startsWith('w')
        ? or(and(waiting, gt(id, last)), not(waiting))
        : and(not(waiting), lt(id, last));
    },
    keyOf: (row: { status: string; id: number }) => `${row.status === 'waiting' ? 'w' : 'd'}${row.id}`,
  };
}
