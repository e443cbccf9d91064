import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimDataDir, dataDirHolder } from '../src/db/embedded-lock.js';
import { serverDir } from './server-process.js';

/**
 * The embedded database is one process's (db/embedded-lock.ts). Processes, not promises of one
 * process, race to claim one data folder, all at one instant: exactly one wins, every round, on a
 * new folder and on one whose holder died. Each racer is a process of its own (claim-racer.ts)
 * that claims the folder it is told at the instant it is told and keeps what it won.
 */
const RACERS = 6;
const work = mkdtempSync(path.join(tmpdir(), 'bank-lock-test-'));
let folders = 0;
const newFolder = () => mkdtempSync(path.join(work, `data-${++folders}-`));

interface Answer {
  dir: string;
  won: boolean;
  message?: string;
}

class Racer {
  readonly child: ChildProcess;
  private readonly waiting: Array<(answer: Answer) => void> = [];
  readonly ready: Promise<void>;

  constructor() {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'test/claim-racer.ts'], {
      cwd: serverDir,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let started: () => void;
    this.ready = new Promise((resolve) => (started = resolve));
    createInterface({ input: this.child.stdout! }).on('line', (line) => {
      const answer = JSON.parse(line) as Answer & { ready?: boolean };
      if (answer.ready) started();
      else this.waiting.shift()?.(answer);
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  claim(dir: string, at: number): Promise<Answer> {
    const answer = new Promise<Answer>((resolve) => this.waiting.push(resolve));
    this.child.stdin!.write(`${JSON.stringify({ dir, at })}\n`);
    return answer;
  }

  stop(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.stdin!.end();
    return exited;
  }
}

/** Every racer claims `dir` at one instant, a little ahead so each is waiting for it. */
async function race(racers: Racer[], dir: string) {
  const at = Date.now() + 150;
  const answers = await Promise.all(racers.map((racer) => racer.claim(dir, at)));
  return racers.map((racer, i) => ({ pid: racer.pid, ...answers[i]! }));
}

/** Exactly one racer won `dir`, the folder names it as its holder, and every other was told so. */
function expectOneWinner(results: Awaited<ReturnType<typeof race>>, dir: string, round: string) {
  const winners = results.filter((r) => r.won);
  expect(
    winners.map((w) => w.pid),
    round,
  ).toHaveLength(1);
  const winner = winners[0]!.pid;
  expect(dataDirHolder(dir)?.pid, round).toBe(winner);
  for (const loser of results.filter((r) => !r.won))
    expect(loser.message, round).toContain(`in use by racer ${winner} (pid ${winner})`);
}

let racers: Racer[] = [];
beforeAll(async () => {
  racers = Array.from({ length: RACERS }, () => new Racer());
  await Promise.all(racers.map((racer) => racer.ready));
});
afterAll(async () => {
  await Promise.all(racers.map((racer) => racer.stop()));
  rmSync(work, { recursive: true, force: true });
});

describe('claiming the embedded database folder', () => {
  it('lets exactly one of six processes claiming a new folder at one instant have it, 30 rounds', async () => {
    for (let round = 0; round < 30; round++) {
      const dir = newFolder();
      expectOneWinner(await race(racers, dir), dir, `round ${round}`);
    }
  });

  it('lets exactly one process take over a folder whose holder died (and one that died taking over), 20 rounds', async () => {
    // The holder claims the folders, then dies without letting go (SIGKILL: no clean-up runs).
    const holder = new Racer();
    await holder.ready;
    const dirs = Array.from({ length: 20 }, newFolder);
    for (const dir of dirs) expect((await holder.claim(dir, 0)).won).toBe(true);
    expect(dataDirHolder(dirs[0]!)?.pid).toBe(holder.pid);
    const died = new Promise((resolve) => holder.child.once('exit', resolve));
    holder.child.kill('SIGKILL');
    await died;
    expect(dataDirHolder(dirs[0]!)).toBeUndefined();

    // In half the folders a process died while taking over too, holding the break lock.
    for (const dir of dirs.filter((_, i) => i % 2))
      writeFileSync(path.join(dir, 'owner.pid.break'), readFileSync(path.join(dir, 'owner.pid')));
    for (const [round, dir] of dirs.entries()) {
      expectOneWinner(await race(racers, dir), dir, `round ${round}`);
      expect(readdirSync(dir), `round ${round}`).toEqual(['owner.pid']);
    }
  });

  it('lets exactly one process take over a pid file left empty or cut short, 10 rounds', async () => {
    for (let round = 0; round < 10; round++) {
      const dir = newFolder();
      writeFileSync(path.join(dir, 'owner.pid'), round % 2 ? '' : '12');
      expectOneWinner(await race(racers, dir), dir, `round ${round}`);
    }
  });

  it('refuses a folder a live process holds, and has it once that process lets go', async () => {
    const dir = newFolder();
    const release = await claimDataDir(dir, 'the bank CLI');
    const [answer] = await race(racers.slice(0, 1), dir);
    expect(answer!.won).toBe(false);
    expect(answer!.message).toBe(
      `The embedded database in ${dir} is in use by the bank CLI (pid ${process.pid}). ` +
        'Stop it first, or use DATABASE_URL for a PostgreSQL server that several processes can share.',
    );
    release();
    expect((await race(racers.slice(0, 1), dir))[0]!.won).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'takes over a folder whose pid now belongs to another process (the holder died, its pid was reused)',
    async () => {
      const dir = newFolder();
      const release = await claimDataDir(dir, 'the bank server');
      const record = readFileSync(path.join(dir, 'owner.pid'), 'utf8');
      release();
      // A live pid (a racer's), but that process started at another moment than the one recorded.
      const [, nonce, boot] = /^\d+ .*\n(\S+) (\S+):\d+\n$/.exec(record) ?? [];
      expect(boot).toBeTruthy();
      writeFileSync(path.join(dir, 'owner.pid'), `${racers[0]!.pid} the bank server\n${nonce} ${boot}:1\n`);
      expect(dataDirHolder(dir)).toBeUndefined();
      expectOneWinner(await race(racers, dir), dir, 'reused pid');
    },
  );
});
