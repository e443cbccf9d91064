import pino from 'pino';
import pretty from 'pino-pretty';

export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Pretty for a person at a terminal, JSON for a machine (a file, a pipe, a log collector). */
export const defaultLogFormat = (): LogFormat => (process.stdout.isTTY ? 'pretty' : 'json');

export interface LogDestination {
  stream: pino.DestinationStream;
  /** Writes what is buffered (at shutdown). */
  flush(): void;
}

/**
 * Where the server's log lines go: standard output, as JSON lines or, for a terminal, one short
 * coloured line each ("07:41:03 INFO POST /api/user/transfers 201 3.1 ms"). JSON lines are buffered
 * up to 15 KiB and written at least every second: under load that is one write for many requests
 * instead of one each.
 */
export function logDestination(format: LogFormat, dest: number | string = 1): LogDestination {
  if (format === 'pretty') {
    const stream = pretty({
      colorize: true,
      translateTime: 'HH:MM:ss',
      ignore: 'pid,hostname,reqId,method,url,status,ms,user',
      singleLine: true,
    });
    return { stream, flush: () => {} };
  }
  // As much as sonic-boom writes at once (its maxWrite, 16 KiB, must stay above): under load a
  // write every 60 or so lines. Each write is a round through libuv's thread pool.
  const stream = pino.destination({ dest, sync: false, minLength: 15 * 1024 });
  setInterval(() => stream.flush(), 1000).unref();
  return { stream, flush: () => stream.flushSync() };
}
