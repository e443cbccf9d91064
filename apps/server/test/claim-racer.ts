import { createInterface } from 'node:readline';
import { claimDataDir } from '../src/db/embedded-lock.js';

/**
 * One process of embedded-lock.test.ts's race: for each line `{"dir", "at"}` on standard input it
 * claims the data folder `dir` at the instant `at` (every racer is told the same one) and answers
 * one line `{"dir", "won", "message"}`. It holds what it won until its input ends, then exits
 * without letting go (a stale claim is what the next test round starts from).
 */
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const { dir, at } = JSON.parse(line) as { dir: string; at: number };
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
  try {
    await claimDataDir(dir, `racer ${process.pid}`);
    process.stdout.write(`${JSON.stringify({ dir, won: true })}\n`);
  } catch (error) {
    process.stdout.write(`${JSON.stringify({ dir, won: false, message: (error as Error).message })}\n`);
  }
}
