import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { percentile } from './load.js';

/** One answer of a burst: how long the client waited, and the status it got. */
export interface Timed {
  ms: number;
  status: number;
}

/** The p50, p99 and slowest of a burst's answers, and how many of each status. */
export interface TimedFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
}

export function figures(timed: Timed[]): TimedFigures {
  const times = timed.map((t) => t.ms).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const t of timed) statuses[t.status] = (statuses[t.status] ?? 0) + 1;
  return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), maxMs: times.at(-1)!, statuses };
}

/**
 * A client of the listening app at `base` that POSTs as a signed-in user, with a fresh
 * Idempotency-Key as the web app sends, and times each answer to its last byte.
 */
export function httpPoster(base: string) {
  return async (token: string, path: string, body: unknown): Promise<Timed> => {
    const start = performance.now();
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    return { ms: performance.now() - start, status: res.status };
  };
}
