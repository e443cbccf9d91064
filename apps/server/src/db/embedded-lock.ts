import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's at a time: PGlite has no lock of its own, and two
 * processes writing one data directory would corrupt it. The server and the CLI each claim it
 * through a pid file and refuse to start while another live process holds it.
 */
export function claimDataDir(dataDir: string, who: string): () => void {
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by ${holder.owner || 'another process'} (pid ${holder.pid}). ` +
        'Stop it first, or use DATABASE_URL for a PostgreSQL server that several processes can share.',
    );
  }
  writeFileSync(ownerFile(dataDir), `${process.pid} ${who}`);
  return () => rmSync(ownerFile(dataDir), { force: true });
}

const ownerFile = (dataDir: string) => path.join(dataDir, 'owner.pid');

/** The live process other than this one that holds the data directory, if any. */
export function dataDirHolder(dataDir: string): { pid: number; owner: string } | undefined {
  const file = ownerFile(dataDir);
  if (!existsSync(file)) return undefined;
  const content = readFileSync(file, 'utf8');
  const pid = Number.parseInt(content, 10);
  const owner = content.slice(content.indexOf(' ') + 1).trim();
  return pid && pid !== process.pid && isAlive(pid) ? { pid, owner } : undefined;
}

/** Whether a process runs as `pid` (one of another user counts: it answers EPERM). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
