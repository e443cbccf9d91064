import type { FastifyReply } from 'fastify';
import { PAGE_HEADERS } from '@bank/shared';
import type { Page } from '../domain/paging.js';

/** A page's rows as the answer, its cursor and count as headers (API.md "Long lists"). */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor !== null) reply.header(PAGE_HEADERS.nextCursor, page.nextCursor);
  if (page.total !== null) reply.header(PAGE_HEADERS.totalCount, String(page.total));
  return page.rows;
}
