import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Writes `file.br` and `file.gz` beside every text file of the build, at the highest levels: the
 * server then sends the smaller copy with Content-Encoding (no compressing per request), and a
 * school's busy Wi-Fi carries a quarter of the bytes.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'school-bank:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const work: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        work.push(
          readFile(file).then(async (content) => {
            const [br, gzipped] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gz(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
        );
      }
      await Promise.all(work);
    },
  };
}
