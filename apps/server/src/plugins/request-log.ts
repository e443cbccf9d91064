import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, when its answer is sent: method, path (no query: a search may hold a
 * name), status, time, and the signed-in user. Fastify's own lines (one on arrival, one on
 * answer) are replaced through its log controller, the framework's place for them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const path = request.url.split('?', 1)[0]!;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const line = {
      method: request.method,
      url: path,
      status: reply.statusCode,
      ms,
      ...(request.actor ? { user: request.actor.username } : {}),
    };
    const message = `${request.method} ${path} ${reply.statusCode} ${ms} ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else request.log.info(line, message);
  }
}
