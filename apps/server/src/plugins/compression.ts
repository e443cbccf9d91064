import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * How the API's answers are compressed (docs/adr/0038-api-answers-compressed.md; the measurements
 * behind each figure are in docs/perf/). Content types are @fastify/compress's own rule: JSON and
 * text are compressed, a PDF (compressed already) is sent as it is.
 */
export const apiCompression: FastifyCompressOptions = {
  // Brotli when the client accepts it, else gzip; nothing else (on Node ≥ 22.15 the plugin would
  // otherwise put zstd first, which no test of ours covers).
  encodings: ['br', 'gzip'],
  // Quality 4: these answers are made anew for every request, and brotli's default (11) costs
  // hundreds of times the CPU for a few per cent fewer bytes. gzip keeps zlib's default level (6).
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  // From 2 KB: a transfer's answer, sign-in's token, a deposit and most errors stay as they are;
  // compressing them would cost a large share of a transfer's CPU to save less than 1 KB.
  threshold: 2048,
  // Up to 64 KB in one call on the event loop, which costs far less than a zlib stream's set-up
  // for an answer that size (the plugin's default streams from 8 KB). Larger answers (a page of
  // 500, a whole roster) are streamed, off the event loop.
  syncThreshold: 65_536,
  // Answers only: a request body sent with Content-Encoding is refused as before, not inflated.
  globalDecompression: false,
};
