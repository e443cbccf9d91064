import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { databaseKind } from './harness.js';
import { serverDir } from './server-process.js';

const run = promisify(execFile);
const repoDir = path.resolve(serverDir, '../..');

/**
 * Every command the README documents works as written (issue 22: its quick look once failed on a
 * fractional pgbench -T). This runs the benchmark's quick look exactly as the README prints it
 * (only the report goes to a scratch file, not the committed one). It needs PostgreSQL and pgbench,
 * as the README says, so it runs with the PostgreSQL suites. It checks that the run completes and
 * the books balance, never a speed: timings are the benchmark's to report.
 */
function quickLookCommand(): string {
  const readme = readFileSync(path.join(repoDir, 'README.md'), 'utf8');
  const line = readme.split('\n').find((l) => l.includes('npm run bench') && l.includes('# a quick look'));
  if (!line) throw new Error('the README has no "a quick look" benchmark command');
  return line.slice(0, line.indexOf('#')).trim();
}

describe.skipIf(databaseKind === 'pglite')('the README benchmark quick look (PostgreSQL)', () => {
  it(
    'runs as written and reports balanced books beside the fair pgbench reference',
    { timeout: 600_000 },
    async () => {
      const command = quickLookCommand();
      expect(command).toMatch(/^BENCH_\w+=\S+ .*npm run bench$/);
      const scratch = mkdtempSync(path.join(tmpdir(), 'bench-report-'));
      try {
        const { stdout } = await run('bash', ['-c', command], {
          cwd: repoDir,
          env: { ...process.env, BENCH_REPORT: path.join(scratch, 'report.json') },
          maxBuffer: 16 * 1024 * 1024,
        });
        expect(stdout).toMatch(
          /reference, each slice: pgbench -M prepared -c 16 -j 2 -T \d+ .*pgbench -i -s 16/,
        );
        expect(stdout).toMatch(/✓ books after the postgres accounts load\s+balance/);
        const report = JSON.parse(readFileSync(path.join(scratch, 'report.json'), 'utf8'));
        expect(report.runs.every((r: { booksBalance: boolean }) => r.booksBalance)).toBe(true);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  );
});
