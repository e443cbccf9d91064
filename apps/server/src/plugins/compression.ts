import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How the API's answers are compressed (issue 22, docs/decisions.md "API answers compressed"):
 * a page of 50 transactions, 8.4 KB of JSON, reaches a phone as under 1 KB of brotli.
 * Content types are @fastify/compress's own rule: JSON and text are compressed, a PDF (compressed
 * already, and not compressible by mime-db) is sent as it is.
 */
export const apiCompression: FastifyCompressOptions = {
  // Brotli when the client accepts it, else gzip; nothing else (on Node ≥ 22.15 the plugin would
  // otherwise put zstd first, which no test of ours covers).
  encodings: ['br', 'gzip'],
  // Quality 4: these answers are made anew for every request. A page of 50 transactions costs
  // about 40 µs at 4 and 19 ms at zlib's default of 11, for some 10 % fewer bytes. gzip keeps
  // zlib's default level (6).
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  // From 2 KB: a transfer's answer (732 bytes; 1.2 KB with the longest memo in emoji), sign-in's
  // token, a deposit and most errors stay as they are. Compressing 1.2 KB costs about 30 µs of
  // the 120-150 µs of CPU a transfer costs the server, to save less than 1 KB.
  threshold: 2048,
  // Up to 64 KB in one call on the event loop: 30-40 µs for the account page's 8.4 KB, where a
  // zlib stream cost 250-300 µs more CPU and latency per answer here (the plugin's default on a
  // 2-core machine streams from 8 KB). Larger answers (a page of 500, a whole roster) are
  // streamed, off the event loop.
  syncThreshold: 65_536,
  // Answers only: a request body sent with Content-Encoding is refused as before, not inflated.
  globalDecompression: false,
};
