/**
 * The bank's server for a load (serve.ts) in a process of its own, and the lines it answers on
 * its standard output (serve.ts lists them). Used by run.ts and posting-growth.ts.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');

/** What serve.ts answers when background work it was asked for has finished (epoch ms). */
export interface WorkDone<T = unknown> {
  startedAt: number;
  endedAt: number;
  result?: T;
  error?: string;
}

export interface BenchServer {
  child: ChildProcessWithoutNullStreams;
  /** The rest of the next line that starts with `prefix`. */
  next: (prefix: string) => Promise<string>;
  /** Sends a command line; with `answer`, resolves with the JSON of the line that answers it. */
  send: <T = unknown>(line: string, answer?: string) => Promise<T | undefined>;
}

export function startServer(env: Record<string, string>): BenchServer {
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server under load.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(here, 'serve.ts')], {
    cwd: serverDir,
    env: { ...process.env, ...env },
  });
  child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<{ prefix: string; resolve: (rest: string) => void; reject: (error: Error) => void }> =
    [];
  lines.on('line', (line) => {
    const waiter = waiting.find((w) => line.startsWith(`${w.prefix} `));
    if (!waiter) return;
    waiting.splice(waiting.indexOf(waiter), 1);
    waiter.resolve(line.slice(waiter.prefix.length + 1));
  });
  child.once('exit', (code) => {
    for (const w of waiting.splice(0))
      w.reject(new Error(`bench server exited (${code}) before ${w.prefix}`));
  });
  const next = (prefix: string) =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ prefix, resolve, reject });
    });
  const send = async <T>(line: string, answer?: string): Promise<T | undefined> => {
    const answered = answer ? next(answer) : null;
    child.stdin.write(`${line}\n`);
    return answered ? (JSON.parse(await answered) as T) : undefined;
  };
  return { child, next, send };
}

/** The books as serve.ts checks them (`check` → `BOOKS`). */
export interface BankBooks {
  problems: string[];
  totalCents: number;
  transactions: number;
}

/** What serve.ts prints once its bank is seeded and it listens (`READY`). */
export interface Ready {
  port: number;
  username: string;
  password: string;
  accounts: string[];
  before: BankBooks;
}

export async function whenReady(server: BenchServer): Promise<Ready> {
  return JSON.parse(await server.next('READY')) as Ready;
}

/** Asks the server to close and waits until it has. */
export async function stopServer(server: BenchServer): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.stdin.write('exit\n');
  await exited;
}
