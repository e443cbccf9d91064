/**
 * Start-up figures for `npm run bench` (issue 23, item 3): `npm run build`, then the server's own
 * start to a healthy answer on an empty data directory (migrations and the demo bank included),
 * run compiled (`node dist/server.js`, what `npm start` runs) and, as the reference in the same
 * run, from the TypeScript through tsx (running without a build: esbuild at run time).
 * The two alternate, a few times each, and the medians are reported.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface StartupFigures {
  buildSeconds: number;
  /** `node dist/server.js`, median. */
  compiledSeconds: number;
  /** `tsx src/server.ts`, median. */
  tsxSeconds: number;
  runs: number;
}

const RUNS = 3;
const HEALTHY_WITHIN_SECONDS = 300;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function untilHealthy(port: number, started: number): Promise<number> {
  for (;;) {
    const seconds = (performance.now() - started) / 1000;
    if (seconds > HEALTHY_WITHIN_SECONDS) throw new Error(`not healthy in ${HEALTHY_WITHIN_SECONDS} s`);
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      if (answer.ok) return seconds;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One server process on a new, empty data directory: seconds from spawn to a healthy answer. */
async function timeStart(serverDir: string, command: string, args: string[]): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const port = 3160 + Math.floor(Math.random() * 30);
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: serverDir,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  });
  try {
    return await untilHealthy(port, started);
  } finally {
    // Its process group alone (tsx starts a node of its own).
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function startupBench(repoDir: string, serverDir: string): Promise<StartupFigures> {
  const buildStart = performance.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: repoDir, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr}`);
  const buildSeconds = (performance.now() - buildStart) / 1000;
  const tsx = path.resolve(repoDir, 'node_modules/.bin/tsx');
  const compiled: number[] = [];
  const viaTsx: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    compiled.push(await timeStart(serverDir, process.execPath, ['dist/server.js']));
    viaTsx.push(await timeStart(serverDir, tsx, ['src/server.ts']));
  }
  return { buildSeconds, compiledSeconds: median(compiled), tsxSeconds: median(viaTsx), runs: RUNS };
}
