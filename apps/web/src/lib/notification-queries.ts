import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import {
  notificationCalls,
  notificationLimits,
  type Notification,
  type ReadNotificationsBody,
} from '@bank/shared';
import { api } from './api-client';
import { queryKeys } from './queries';

/** The stream's first wait before it opens again after a drop, and its longest. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 60_000;
const PAGE = 20;

/** A notice arrived: the bell, and the balances and rows it is about, are asked again. */
function noticeArrived(client: QueryClient) {
  void client.invalidateQueries({ queryKey: queryKeys.notifications });
  void client.invalidateQueries({ queryKey: queryKeys.accounts });
  void client.invalidateQueries({ queryKey: queryKeys.transactions });
}

/** Reads server-sent events from a response body, calling `onNotice` for each notice. */
export async function readNotices(
  body: ReadableStream<Uint8Array>,
  onNotice: (notice: Notification) => void,
) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (/^event: notification$/m.test(block) && data) onNotice(JSON.parse(data) as Notification);
    }
  }
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * The live stream of one's notices (API.md: GET /user/notifications/stream), open while `enabled`:
 * opened again with back-off when it drops, and the list asked again when it comes back (what
 * arrived meanwhile). True while it is open: the list is then not polled.
 */
export function useNoticeStream(enabled: boolean): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const { signal } = controller;
    const keepOpen = async () => {
      let retryMs = RETRY_FIRST_MS;
      while (!signal.aborted) {
        try {
          const response = await api.open(notificationCalls.stream, { signal });
          setLive(true);
          retryMs = RETRY_FIRST_MS;
          void client.invalidateQueries({ queryKey: queryKeys.notifications });
          await readNotices(response.body!, () => noticeArrived(client));
        } catch {
          // Dropped, refused or offline: the list is polled until the stream is back.
        }
        setLive(false);
        await pause(retryMs, signal);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    };
    void keepOpen();
    return () => controller.abort();
  }, [enabled, client]);
  return live;
}

/** One's newest notices and the unread count; polled only while the stream is down. */
export function useNotices(enabled: boolean, live: boolean) {
  return useQuery({
    queryKey: queryKeys.notifications,
    queryFn: ({ signal }) => api.call(notificationCalls.list, { query: { limit: PAGE }, signal }),
    enabled,
    refetchInterval: live ? false : notificationLimits.pollSeconds * 1000,
  });
}

/** Marks some notices, or all, read; the bell's count follows the server's answer. */
export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReadNotificationsBody) => api.call(notificationCalls.read, { body }),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.notifications }),
  });
}
