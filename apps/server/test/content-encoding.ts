import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';

/**
 * An answer's body as its client reads it: undone from the Content-Encoding the API compressed it
 * with (brotli or gzip, issue 22), as it is when it has none. Any other encoding is a failure.
 */
export function decodedPayload(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === undefined) return response.rawPayload;
  const decode = { br: brotliDecompressSync, gzip: gunzipSync }[String(encoding)];
  if (!decode) throw new Error(`unexpected content-encoding "${String(encoding)}"`);
  return decode(response.rawPayload);
}
