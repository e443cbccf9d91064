import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface LoadFigures {
  clients: number;
  seconds: number;
  transfers: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** 409 Insufficient funds: refused, correctly, when a busy account runs dry. */
  refused: number;
  /** Anything else that is not a 201 (should be 0). */
  errors: number;
  statuses: Record<string, number>;
}

function request(
  agent: http.Agent,
  port: number,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export async function signIn(port: number, username: string, password: string): Promise<string> {
  const agent = new http.Agent();
  const answer = await request(agent, port, '/api/login', { username, password });
  agent.destroy();
  if (answer.status !== 200) throw new Error(`sign-in as ${username}: ${answer.status} ${answer.text}`);
  // The token comes back as plain text (API.md), or as a JSON string.
  return answer.text.startsWith('"') ? (JSON.parse(answer.text) as string) : answer.text;
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]! : NaN;

/**
 * `clients` keep-alive connections, each sending one transfer after another (as the web app does:
 * with a fresh Idempotency-Key) between two random different accounts of `accounts`, for
 * `seconds` after `warmupSeconds` that are not counted (or, given `until`, from the start until it
 * settles, and at most `seconds`), each client pausing `pauseMs` between its transfers (a light
 * load). Bounded in time; loopback only.
 * The generator shares the machine with the bank and the database, as pgbench's client does
 * with its reference: it is undici's pool, the lightest HTTP client Node has (lighter per
 * request than node:http's agent), and it says what it spent.
 */
export async function transferLoad(options: {
  port: number;
  token: string;
  accounts: string[];
  clients: number;
  seconds: number;
  warmupSeconds: number;
  amount: number;
  until?: Promise<unknown>;
  pauseMs?: number;
}): Promise<LoadSlice> {
  const pool = new Pool(`http://127.0.0.1:${options.port}`, { connections: options.clients, pipelining: 1 });
  const cpuAtStart = process.cpuUsage();
  const latencies: number[] = [];
  const sentAt: number[] = [];
  const statuses: Record<string, number> = {};
  let answered = 0;
  const start = performance.now();
  const countFrom = start + options.warmupSeconds * 1000;
  let stopAt = countFrom + options.seconds * 1000;
  void options.until?.finally(() => (stopAt = Math.min(stopAt, performance.now())));
  const pick = () => options.accounts[Math.floor(Math.random() * options.accounts.length)]!;
  async function client() {
    while (performance.now() < stopAt) {
      const from = pick();
      let to = pick();
      while (to === from) to = pick();
      const sent = performance.now();
      const wallClock = Date.now();
      const answer = await pool.request({
        path: '/api/user/transfers',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // What a browser sends with every call: the answer may come back compressed (issue 22).
          'accept-encoding': 'gzip, deflate, br, zstd',
          authorization: `Bearer ${options.token}`,
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ fromAccountId: from, toAccountId: to, amount: options.amount }),
      });
      await answer.body.dump();
      const done = performance.now();
      answered++;
      if (sent < countFrom || done > stopAt) continue;
      statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
      if (answer.statusCode === 201) {
        latencies.push(done - sent);
        sentAt.push(wallClock);
      }
      if (options.pauseMs) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  }
  const countedFrom = Date.now() + (countFrom - performance.now());
  await Promise.all(Array.from({ length: options.clients }, client));
  const countedTo = Date.now() - (performance.now() - stopAt);
  const cpu = process.cpuUsage(cpuAtStart);
  await pool.close();
  return {
    clients: options.clients,
    seconds: options.seconds,
    latencies,
    sentAt,
    countedFrom,
    countedTo,
    statuses,
    answered,
    generatorCpuUs: cpu.user + cpu.system,
  };
}

/** What one load slice measured: the latency of every transfer that succeeded, and every status. */
export interface LoadSlice {
  clients: number;
  seconds: number;
  latencies: number[];
  /** When each of `latencies` was sent (epoch ms), to pick out those sent while other work ran. */
  sentAt: number[];
  /** The counted window (epoch ms). */
  countedFrom: number;
  countedTo: number;
  statuses: Record<string, number>;
  /** Every transfer answered, warm-up included (for the server's CPU per transfer). */
  answered: number;
  /** CPU the load generator spent on the slice, warm-up included (µs, user + system). */
  generatorCpuUs: number;
}

/** The figures of several slices of the same load (interleaved with the reference), as one. */
export function summarize(slices: LoadSlice[]): LoadFigures {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const statuses: Record<string, number> = {};
  for (const slice of slices)
    for (const [status, n] of Object.entries(slice.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
  const seconds = slices.reduce((sum, s) => sum + s.seconds, 0);
  const refused = statuses['409'] ?? 0;
  const total = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    clients: slices[0]?.clients ?? 0,
    seconds,
    transfers: latencies.length,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    refused,
    errors: total - latencies.length - refused,
    statuses,
  };
}

/** p50 and p99 (ms) of the transfers of `slices` sent between `from` and `to` (epoch ms). */
export function latenciesDuring(
  slices: LoadSlice[],
  windows: Array<{ from: number; to: number }>,
): { transfers: number; p50Ms: number; p99Ms: number } {
  const during = slices
    .flatMap((s) =>
      s.latencies.filter((_, i) => windows.some((w) => s.sentAt[i]! >= w.from && s.sentAt[i]! < w.to)),
    )
    .sort((a, b) => a - b);
  return { transfers: during.length, p50Ms: percentile(during, 50), p99Ms: percentile(during, 99) };
}
