import type { FastifyInstance } from 'fastify';

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Every /api answer, success or error (401, 404, 429 and the rest), says `Cache-Control: no-store`
 * (API.md "Errors"): answers carry balances, names and temporary passwords that no browser or proxy
 * cache may keep. An onSend hook sees every reply, the error and not-found handlers' included.
 */
export function registerNoStore(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (isApi(request.url)) reply.header('cache-control', 'no-store');
  });
}
