import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { nightlyFileName, writeNightlyBackup } from '../src/backup/nightly.js';
import { readBackup } from '../src/backup/read-backup.js';
import { clockAt } from '../src/clock.js';
import { backupJob } from '../src/jobs/backup.js';
import { seedTwoBanks } from './fixtures.js';
import { useTestApp } from './harness.js';

/** The day's backup the server keeps (backup/nightly.ts, jobs/backup.ts). */
const t = useTestApp();
const work = mkdtempSync(path.join(tmpdir(), 'bank-nightly-test-'));
let dir: string;
let dirs = 0;

beforeEach(async () => {
  dir = path.join(work, `backups-${++dirs}`);
  await seedTwoBanks(t.db);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 23, 30));
const files = () => readdirSync(dir).sort();

describe('the nightly backup', () => {
  it('writes one backup a day, named by its date, however often it runs that day', async () => {
    const first = await writeNightlyBackup(t.db, { dir, keep: 7, now: day(3) });
    expect(first?.file).toBe(path.join(dir, 'bank-backup-2026-11-03.json.gz'));
    expect((await readBackup(first!.file)).header.tables).toMatchObject({ banks: 2, users: 8, accounts: 4 });
    // Later the same day, or after a restart that day: nothing more.
    expect(
      await writeNightlyBackup(t.db, { dir, keep: 7, now: new Date(day(3).getTime() + 20 * 60_000) }),
    ).toBeNull();
    expect(files()).toEqual(['bank-backup-2026-11-03.json.gz']);
    expect(nightlyFileName(day(4))).toBe('bank-backup-2026-11-04.json.gz');
  });

  it('keeps the newest BACKUP_KEEP and leaves other files in the folder alone', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'before-term.json.gz'), 'the operator put this here');
    for (let n = 1; n <= 10; n++) await writeNightlyBackup(t.db, { dir, keep: 7, now: day(n) });
    expect(files()).toEqual([
      'bank-backup-2026-11-04.json.gz',
      'bank-backup-2026-11-05.json.gz',
      'bank-backup-2026-11-06.json.gz',
      'bank-backup-2026-11-07.json.gz',
      'bank-backup-2026-11-08.json.gz',
      'bank-backup-2026-11-09.json.gz',
      'bank-backup-2026-11-10.json.gz',
      'before-term.json.gz',
    ]);
  });

  it('writes one backup when two runs start at once, not two side by side', async () => {
    const runs = await Promise.all([
      writeNightlyBackup(t.db, { dir, keep: 7, now: day(12) }),
      writeNightlyBackup(t.db, { dir, keep: 7, now: day(12) }),
    ]);
    expect(runs.filter((r) => r !== null)).toHaveLength(1);
    expect(files()).toEqual(['bank-backup-2026-11-12.json.gz']);
  });

  it('removes what a backup stopped half-way on an earlier day left behind', async () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'bank-backup-2026-11-13.json.gz.4242.partial'), 'cut off');
    await writeNightlyBackup(t.db, { dir, keep: 7, now: day(14) });
    expect(files()).toEqual(['bank-backup-2026-11-14.json.gz']);
  });

  it('is not written by the server when BACKUP_KEEP is 0 (the default with PostgreSQL)', async () => {
    expect(
      await backupJob.run(t.db, { ...t.config, backupDir: dir, backupKeep: 0 }, clockAt(day(15))),
    ).toBeNull();
    expect(
      await backupJob.run(t.db, { ...t.config, backupDir: dir, backupKeep: 2 }, clockAt(day(15))),
    ).toMatchObject({
      file: path.join(dir, 'bank-backup-2026-11-15.json.gz'),
    });
    expect(files()).toEqual(['bank-backup-2026-11-15.json.gz']);
  });
});
