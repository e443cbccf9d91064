import { randomBytes } from 'node:crypto';
import { linkSync, readdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database is one process's at a time: PGlite has no lock of its own, and two
 * processes writing one data directory would corrupt it. The server and the CLI each claim it
 * through a pid file and refuse to start while another live process holds it.
 *
 * Every step is one atomic file-system operation, so processes claiming at the same instant
 * cannot both win (docs/adr, "Claiming the embedded database folder atomically"):
 * - a record appears whole or not at all, and only where nothing is: it is written to a file of
 *   this process's own and hard-linked to its name, which fails if the name exists;
 * - a record whose process is gone (dead, or its pid now another process's) is removed only by
 *   the process that holds the record's break lock (`owner.pid.break`, claimed the same way) and
 *   only while it still reads the same: nobody else can replace that record meanwhile.
 */
const OWNER_FILE = 'owner.pid';
/** A break lock is itself broken the same way; each level needs a crash within microseconds. */
const MAX_BREAK_DEPTH = 3;
/** A process that holds a break lock lets go within microseconds; one that has not by now is stuck. */
const BREAKER_WAIT_MS = 5_000;

export function claimDataDir(dataDir: string, who: string): () => void {
  const file = ownerFile(dataDir);
  const mine = recordText(who);
  const holder = claim(file, mine, 0);
  if (holder)
    throw new Error(
      `The embedded database in ${dataDir} is in use by ${holder.who || 'another process'} (pid ${holder.pid}). ` +
        'Stop it first, or use DATABASE_URL for a PostgreSQL server that several processes can share.',
    );
  removeLeftoverTempFiles(dataDir);
  return () => removeIfMine(file, mine);
}

const ownerFile = (dataDir: string) => path.join(dataDir, OWNER_FILE);

/** The live process other than this one that holds the data directory, if any. */
export function dataDirHolder(dataDir: string): { pid: number; owner: string } | undefined {
  const record = readRecord(ownerFile(dataDir));
  return record && record.pid !== process.pid && isRunning(record)
    ? { pid: record.pid, owner: record.who }
    : undefined;
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

interface OwnerRecord {
  pid: number;
  who: string;
  /** When and in which boot the process started, where the system says (Linux), to tell a reused pid. */
  started: string | undefined;
  /** The whole file: two records are the same claim only if every byte is. */
  text: string;
}

/**
 * `pid who` on the first line (what earlier versions wrote and read), then a random nonce, so no
 * two claims ever read the same, and this process's start.
 */
function recordText(who: string): string {
  return `${process.pid} ${who}\n${randomBytes(8).toString('hex')} ${processStart(process.pid) ?? '-'}\n`;
}

function readRecord(file: string): OwnerRecord | undefined {
  const text = readText(file);
  if (text === undefined) return undefined;
  const [first = '', second = ''] = text.split('\n');
  const space = first.indexOf(' ');
  const started = second.split(' ')[1];
  return {
    pid: Number.parseInt(first, 10) || 0,
    who: space < 0 ? '' : first.slice(space + 1).trim(),
    started: started && started !== '-' ? started : undefined,
    text,
  };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Whether the record's process still runs. A record that names no pid (an empty or cut-short
 * file, which only an earlier version dying mid-write leaves) belongs to nobody.
 */
function isRunning(record: OwnerRecord): boolean {
  if (record.pid <= 0 || !isAlive(record.pid)) return false;
  const now = record.started && processStart(record.pid);
  return !now || now === record.started;
}

/**
 * The boot and the start time (clock ticks after boot) of a process on Linux, from /proc: a pid
 * reused after a crash, or after a reboot, starts at another moment. Elsewhere unknown, and a
 * live pid counts as the holder (the refusal names the pid, so an operator can tell).
 */
function processStart(pid: number): string | undefined {
  try {
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return startTicks ? `${boot}:${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims `file` with `mine`: undefined once it is ours, else the live process that holds it.
 * Stale records are broken on the way, under the break lock `${file}.break`.
 */
function claim(file: string, mine: string, depth: number): OwnerRecord | undefined {
  const deadline = Date.now() + BREAKER_WAIT_MS;
  for (;;) {
    if (createExclusive(file, mine)) return undefined;
    const found = readRecord(file);
    if (!found) continue; // let go of just now: try again
    if (isRunning(found)) return found;
    if (depth >= MAX_BREAK_DEPTH)
      throw new Error(
        `${file} and the files beside it named after it were left by processes that stopped while taking ` +
          'over the embedded database. Make sure no bank server or tool runs on it, remove them, and start again.',
      );
    const breaker = claim(`${file}.break`, mine, depth + 1);
    if (!breaker) {
      try {
        if (readText(file) === found.text) unlinkSync(file);
      } finally {
        removeIfMine(`${file}.break`, mine);
      }
    } else if (Date.now() > deadline) {
      throw new Error(
        `${breaker.who || 'Another process'} (pid ${breaker.pid}) is taking over the embedded database ` +
          `(${file}) and has not finished. Stop it, then start again.`,
      );
    } else {
      pause(5);
    }
  }
}

/** Puts `text` at `file`, whole, only if nothing is there; false when something is. */
function createExclusive(file: string, text: string): boolean {
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, text, { flag: 'wx' });
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS')
      throw new Error(
        `The embedded database needs a folder on a file system with hard links, and ${path.dirname(file)} ` +
          `is not on one (${code}). Set DATA_DIR to a folder on the computer's own disk.`,
        { cause: error },
      );
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Nobody replaces a live process's record, so reading it back then removing it is safe. */
function removeIfMine(file: string, mine: string): void {
  if (readText(file) === mine) rmSync(file, { force: true });
}

const TEMP_FILE = new RegExp(`^${OWNER_FILE.replace('.', '\\.')}(\\.break)*\\.(\\d+)-[0-9a-f]+\\.tmp$`);

/** A process that died between writing its record and linking it left the record behind: remove it. */
function removeLeftoverTempFiles(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    const pid = Number(TEMP_FILE.exec(name)?.[2]);
    if (pid && pid !== process.pid && !isAlive(pid)) rmSync(path.join(dataDir, name), { force: true });
  }
}

/** Waits without giving the event loop a turn: a claim is a few file operations at start. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
