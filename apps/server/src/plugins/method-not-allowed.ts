import { routeTable } from '@bank/shared';

/** A contract path (`/user/users/:username`) as a matcher of request paths below /api. */
const matcherOf = (path: string) => new RegExp(`^/api${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

const routes = routeTable.map((entry) => ({ method: entry.method, matches: matcherOf(entry.path) }));

/**
 * The methods the API answers at a request's path (HEAD wherever GET is: Fastify answers it), in
 * the order of an `Allow` header; none when no route has the path. Asked only when the router
 * found no route for the request's method, so a non-empty answer means 405, not 404.
 */
export function allowedMethods(url: string): string[] {
  const pathname = url.split('?', 1)[0]!;
  if (!pathname.startsWith('/api/')) return [];
  const methods = new Set(routes.filter((r) => r.matches.test(pathname)).map((r) => r.method as string));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
