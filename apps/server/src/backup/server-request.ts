import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { describeError } from '../db/describe-error.js';
import { isAlive } from '../db/embedded-lock.js';
import type { BackupSummary } from './format.js';
import { writeBackup } from './write-backup.js';

/**
 * A backup of the embedded database while the server runs. The server holds the data directory
 * (db/embedded-lock.ts), so the CLI cannot open it; it asks the server instead, through the data
 * directory itself: it writes a request file (where to write the backup) and sends the server
 * SIGUSR2; the server writes the backup and then an answer file, which the CLI waits for.
 * Nothing is reachable from the network: only a user who can write the data directory and signal
 * the server (its own user, or root) can ask, and they can read the database anyway.
 */

/** Written by a server that takes requests, naming its pid: a signal to one that does not would end it. */
const MARK = 'backup-requests.pid';
const REQUEST = /^backup-request-([0-9a-f-]+)\.json$/;
const requestFile = (dataDir: string, id: string) => path.join(dataDir, `backup-request-${id}.json`);
const answerFile = (dataDir: string, id: string) => path.join(dataDir, `backup-answer-${id}.json`);

type Answer = ({ ok: true } & BackupSummary) | { ok: false; error: string };

export interface BackupRequests {
  stop(): void;
  /** Resolves when no requested backup is being written (for a graceful shutdown). */
  idle(): Promise<void>;
}

/** The server's side: answers every request in the data directory each time SIGUSR2 comes. */
export function answerBackupRequests(dataDir: string, db: Database, log: FastifyBaseLogger): BackupRequests {
  let running: Promise<void> = Promise.resolve();
  const onSignal = () => {
    running = running.then(() => answerPending(dataDir, db, log));
  };
  process.on('SIGUSR2', onSignal);
  writeFileSync(path.join(dataDir, MARK), String(process.pid));
  return {
    stop: () => {
      process.off('SIGUSR2', onSignal);
      rmSync(path.join(dataDir, MARK), { force: true });
    },
    idle: () => running,
  };
}

async function answerPending(dataDir: string, db: Database, log: FastifyBaseLogger): Promise<void> {
  for (const name of readdirSync(dataDir)) {
    const id = REQUEST.exec(name)?.[1];
    if (!id) continue;
    const taken = `${requestFile(dataDir, id)}.taken`;
    let answer: Answer;
    try {
      renameSync(requestFile(dataDir, id), taken);
      const { to } = JSON.parse(readFileSync(taken, 'utf8')) as { to: unknown };
      if (typeof to !== 'string' || !path.isAbsolute(to)) throw new Error('the request names no file');
      answer = { ok: true, ...(await writeBackup(db, to)) };
      log.info({ file: to, bytes: answer.bytes }, 'wrote a backup on request');
    } catch (error) {
      answer = { ok: false, error: describeError(error) };
      log.error({ err: error }, 'a backup on request failed');
    } finally {
      rmSync(taken, { force: true });
    }
    // Written aside and renamed, so the waiting CLI never reads half an answer.
    writeFileSync(`${answerFile(dataDir, id)}.partial`, JSON.stringify(answer));
    renameSync(`${answerFile(dataDir, id)}.partial`, answerFile(dataDir, id));
  }
}

/** Whether the server holding `dataDir` as `pid` takes backup requests (this version, started). */
export function takesBackupRequests(dataDir: string, pid: number): boolean {
  const mark = path.join(dataDir, MARK);
  return existsSync(mark) && Number.parseInt(readFileSync(mark, 'utf8'), 10) === pid;
}

/** The CLI's side: asks the server `pid` to write a backup to `to` (absolute) and waits for its answer. */
export async function askServerForBackup(dataDir: string, pid: number, to: string): Promise<BackupSummary> {
  const id = `${process.pid}-${randomBytes(4).toString('hex')}`;
  writeFileSync(`${requestFile(dataDir, id)}.partial`, JSON.stringify({ to }));
  renameSync(`${requestFile(dataDir, id)}.partial`, requestFile(dataDir, id));
  try {
    process.kill(pid, 'SIGUSR2');
    const answer = await waitForAnswer(dataDir, id, pid);
    if (!answer.ok) throw new Error(`The bank server could not write the backup: ${answer.error}`);
    const { ok: _ok, ...summary } = answer;
    return summary;
  } finally {
    rmSync(requestFile(dataDir, id), { force: true });
    rmSync(answerFile(dataDir, id), { force: true });
  }
}

/** A server takes a request at once; one that has not after this long is not going to. */
const UNTAKEN_LIMIT_MS = 30_000;

async function waitForAnswer(dataDir: string, id: string, pid: number): Promise<Answer> {
  // A wait measured in wall time, not a moment of the bank's: the system's time, not the clock.
  const askedAt = Date.now();
  for (;;) {
    if (existsSync(answerFile(dataDir, id)))
      return JSON.parse(readFileSync(answerFile(dataDir, id), 'utf8')) as Answer;
    if (!isAlive(pid))
      throw new Error('The bank server stopped before it wrote the backup. Run backup again.');
    if (existsSync(requestFile(dataDir, id)) && Date.now() - askedAt > UNTAKEN_LIMIT_MS)
      throw new Error(
        `The bank server (pid ${pid}) did not take the backup request. Stop it and run backup again.`,
      );
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
