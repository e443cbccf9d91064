import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';

/**
 * Preloaded (NODE_OPTIONS --import) into servers a test starts "at the same moment", to make the
 * worst moment happen every time: each server's first write into DATA_DIR (claiming it, whatever
 * the claim looks at before) waits until each of the START_TOGETHER_COUNT servers has reached its
 * own (a file each in START_TOGETHER_DIR). Whatever each looked at before writing, all of them
 * looked before any of them wrote.
 */
const barrier = process.env.START_TOGETHER_DIR;
const count = Number(process.env.START_TOGETHER_COUNT);
const dataDir = path.resolve(process.env.DATA_DIR ?? '');
const writeFileSync = fs.writeFileSync;
let waited = false;

function waitForTheOthers() {
  writeFileSync(path.join(barrier!, String(process.pid)), '');
  const deadline = Date.now() + 120_000;
  // Synchronous, as the claim is: every server has looked before any writes, however far apart they arrive.
  const pause = new Int32Array(new SharedArrayBuffer(4));
  while (fs.readdirSync(barrier!).length < count && Date.now() < deadline) Atomics.wait(pause, 0, 0, 2);
}

if (barrier && count) {
  fs.writeFileSync = ((file, data, options) => {
    if (!waited && typeof file === 'string' && path.dirname(path.resolve(file)) === dataDir) {
      waited = true;
      waitForTheOthers();
    }
    writeFileSync(file, data, options);
  }) as typeof fs.writeFileSync;
  // The server imports writeFileSync by name from node:fs: make that name this one too.
  syncBuiltinESMExports();
}
