import { routeTable } from '@bank/shared';

/** A contract path (`/user/users/:username`) as a matcher of request paths below /api. */
const matcherOf = (path: string) => new RegExp(`^/api${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/**
 * How specific a path is, segment by segment (a fixed segment before a parameter), as a string
 * that sorts the most specific last: OpenAPI matches a concrete path before a templated one.
 */
const specificity = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '0' : '1'))
    .join('');

const routes = routeTable.map((entry) => ({
  method: entry.method as string,
  matches: matcherOf(entry.path),
  specificity: specificity(entry.path),
}));

/**
 * The methods the API answers at a request's path (HEAD wherever GET is: Fastify answers it), in
 * the order of an `Allow` header; none when no route has the path. The path is the most specific
 * of the contract's paths that match it, as the document reads it: `/user/requests/preview` is the
 * preview's (POST), not the banker's list `/user/requests/{username}` (GET); paths of the same
 * shape are one path (`/teller/schedules/{bankId}` and `/{scheduleId}`). Asked only when the
 * router found no route for the request's method, so a non-empty answer means 405, not 404.
 */
export function allowedMethods(url: string): string[] {
  const pathname = url.split('?', 1)[0]!;
  if (!pathname.startsWith('/api/')) return [];
  const matching = routes.filter((r) => r.matches.test(pathname));
  const best = matching.reduce((top, r) => (r.specificity > top ? r.specificity : top), '');
  const methods = new Set(matching.filter((r) => r.specificity === best).map((r) => r.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}
