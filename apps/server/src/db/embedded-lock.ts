import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's at a time: PGlite has no lock of its own, and two
 * processes writing one data directory would corrupt it. The server and the CLI each claim it
 * through a pid file and refuse to start while another live process holds it.
 */
export function claimDataDir(dataDir: string, who: string): () => void {
  const file = path.join(dataDir, 'owner.pid');
  if (existsSync(file)) {
    const content = readFileSync(file, 'utf8');
    const pid = Number.parseInt(content, 10);
    const owner = content.slice(content.indexOf(' ') + 1).trim();
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dataDir} is in use by ${owner || 'another process'} (pid ${pid}). ` +
          'Stop it first, or use DATABASE_URL for a PostgreSQL server that several processes can share.',
      );
    }
  }
  writeFileSync(file, `${process.pid} ${who}`);
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
