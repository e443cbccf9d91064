import { HttpResponse } from 'msw';

/**
 * A long list as the server pages it (API.md "Long lists"): `q` anywhere in what `searchable`
 * gives (any case), `limit` rows after the row whose key is `cursor`, and the headers
 * X-Total-Count and X-Next-Cursor. Without `limit` the whole list, without headers.
 */
export function pagedAnswer<T>(
  request: Request,
  rows: readonly T[],
  key: (row: T) => string,
  searchable: (row: T) => string[],
) {
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const found = q ? rows.filter((r) => searchable(r).some((text) => text.toLowerCase().includes(q))) : rows;
  const limit = url.searchParams.get('limit');
  if (!limit) return HttpResponse.json(found);
  const cursor = url.searchParams.get('cursor');
  const start = cursor ? found.findIndex((r) => key(r) === cursor) + 1 : 0;
  const page = found.slice(start, start + Number(limit));
  const headers: Record<string, string> = { 'X-Total-Count': String(found.length) };
  if (start + page.length < found.length) headers['X-Next-Cursor'] = key(page.at(-1)!);
  return HttpResponse.json(page, { headers });
}
