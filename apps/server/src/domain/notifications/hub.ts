import { notificationLimits, type Notification } from '@bank/shared';
import type { Executor } from '../../db/client.js';
import type { Listen } from '../../db/listen.js';
import { noticeOf } from './read.js';

/** The channel the notices' trigger sends `{userId}:{noticeId}` on (notify_money_moved.sql). */
export const NOTICE_CHANNEL = 'bank_notifications';

/** One open stream: how to send it a notice, and how to end it when the server stops. */
export interface Stream {
  send: (notice: Notification) => void;
  end: () => void;
}

/** Too many streams open: the caller is told to come back later (429), nothing else changes. */
export class TooManyStreams extends Error {
  readonly statusCode = 429;
}

/**
 * The open notification streams of this server process, by person. One LISTEN per process on the
 * notices' channel (the trigger's pg_notify reaches every process: whichever one moved the money,
 * every process holding that person's stream sends it); each notice is read once per process and
 * sent to each of its reader's streams.
 */
export class NotificationHub {
  private readonly streams = new Map<number, Set<Stream>>();
  private open = 0;
  private stop: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Executor,
    private readonly onError: (error: unknown) => void,
  ) {}

  async start(listen: Listen): Promise<void> {
    this.stop = await listen(NOTICE_CHANNEL, (payload) => this.deliver(payload));
  }

  /** Stops listening and ends every open stream (the server is stopping: its clients reconnect). */
  async close(): Promise<void> {
    for (const mine of this.streams.values()) for (const stream of mine) stream.end();
    this.streams.clear();
    this.open = 0;
    await this.stop?.();
    this.stop = null;
  }

  /** A person's new stream; what it returns ends it. */
  subscribe(userId: number, stream: Stream): () => void {
    const mine = this.streams.get(userId) ?? new Set<Stream>();
    if (mine.size >= notificationLimits.streamsPerUserMax || this.open >= notificationLimits.streamsMax)
      throw new TooManyStreams('Too many notification streams are open.');
    mine.add(stream);
    this.streams.set(userId, mine);
    this.open += 1;
    return () => {
      if (!mine.delete(stream)) return;
      this.open -= 1;
      if (mine.size === 0) this.streams.delete(userId);
    };
  }

  private deliver(payload: string): void {
    const [userPart, idPart] = payload.split(':');
    const userId = Number(userPart);
    const id = Number(idPart);
    const mine = this.streams.get(userId);
    if (!mine || !Number.isSafeInteger(id)) return;
    noticeOf(this.db, userId, id).then((notice) => {
      if (notice) for (const stream of mine) stream.send(notice);
    }, this.onError);
  }
}
