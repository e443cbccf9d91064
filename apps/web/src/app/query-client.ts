import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client';

/** Retries only what may succeed on a second try: no answer, or a 5xx. A 4xx is final. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export interface QueryClientOptions {
  /** Wait between retries; tests set 0 so a failing call fails at once (the default backs off 1 s, 2 s). */
  retryDelayMs?: number;
}

export function createQueryClient({ retryDelayMs }: QueryClientOptions = {}): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: shouldRetry,
        ...(retryDelayMs === undefined ? {} : { retryDelay: retryDelayMs }),
      },
      // Writes are never retried blindly; money moves carry an Idempotency-Key instead.
      mutations: { retry: false },
    },
  });
  return client;
}
