import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorCodes,
  errorReasons,
  messages,
  type ErrorBody,
  type ErrorCode,
  type ErrorReason,
} from '@bank/shared';
import { pgError, pgErrorCodes } from '../db/pg-error.js';
import { databaseUnavailability, type Unavailability } from '../db/unavailable.js';

/**
 * What a refusal that may be shown to a person looks like (the domain's AppError has this shape).
 * The handler reads the shape, not a class, so it depends on no domain module.
 */
interface Refusal {
  statusCode: number;
  code: ErrorCode;
  reason: ErrorReason;
  message: string;
  fields?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
}

const codes = new Set<string>(errorCodes);
const reasons = new Set<string>(errorReasons);

function asRefusal(error: unknown): Refusal | null {
  const candidate = error as Partial<Refusal> | null;
  const isRefusal =
    typeof candidate?.statusCode === 'number' &&
    candidate.statusCode >= 400 &&
    candidate.statusCode < 500 &&
    typeof candidate.code === 'string' &&
    codes.has(candidate.code) &&
    typeof candidate.reason === 'string' &&
    reasons.has(candidate.reason) &&
    typeof candidate.message === 'string';
  return isRefusal ? (candidate as Refusal) : null;
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** PostgreSQL's own refusals that mean "the request conflicts with a rule", not "the server broke". */
function databaseConflict(error: unknown): ErrorBody | null {
  const refused = pgError(error);
  switch (refused?.code) {
    case pgErrorCodes.checkViolation:
      if (refused.constraint?.includes('balance'))
        return { error: 'CONFLICT', reason: 'INSUFFICIENT_FUNDS', message: messages.insufficientFunds };
      return null;
    case pgErrorCodes.uniqueViolation:
      return { error: 'CONFLICT', reason: 'CONFLICT', message: messages.conflict };
    default:
      return null;
  }
}

/**
 * When to try again after a 503: a database that went away takes a few seconds to come back (a
 * restart, a failover); a busy one frees up as soon as the work ahead is done.
 */
export const RETRY_AFTER_SECONDS: Record<Unavailability, number> = { UNAVAILABLE: 5, BUSY: 1 };

const unavailableMessages: Record<Unavailability, string> = {
  UNAVAILABLE: messages.databaseUnavailable,
  BUSY: messages.busy,
};

/**
 * Fastify's own refusals that never reach a route, its hooks or the error handler: a URL that is
 * not valid percent-encoded UTF-8 (`%C0%AE`, `%E0%A4%A`), or a path parameter longer than the router
 * reads. Both are malformed requests: a 400 with the error shape, uncached like every API answer.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const message = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? messages.urlTooLong : messages.urlInvalid;
  void send(reply.header('cache-control', 'no-store'), 400, {
    error: 'VALIDATION',
    reason: 'VALIDATION',
    message,
  });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a NUL or other invalid byte in a
 * header, a malformed request line, headers over the size limit, a request that never finished
 * arriving): answered with the error shape and `no-store` too, then the connection is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', messages.requestTimeout]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', messages.headersTooLarge]
        : [400, 'Bad Request', messages.validation];
  const body = JSON.stringify({ error: 'VALIDATION', reason: 'VALIDATION', message } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The one error handler: every failure leaves as `{error, reason, message, fields}`, never a stack trace or SQL. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = asRefusal(error);
    if (refusal) {
      reply.headers(refusal.headers ?? {});
      return send(reply, refusal.statusCode, {
        error: refusal.code,
        reason: refusal.reason,
        message: refusal.message,
        ...(refusal.fields ? { fields: refusal.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
        fields[field] ??= issue.message ?? messages.validation;
      }
      return send(reply, 400, {
        error: 'VALIDATION',
        reason: 'VALIDATION',
        message: error.validation[0]?.message ?? messages.validation,
        fields,
      });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return send(reply, 413, {
        error: 'PAYLOAD_TOO_LARGE',
        reason: 'PAYLOAD_TOO_LARGE',
        message: messages.bodyTooLarge,
      });
    }
    if (error.statusCode === 429) {
      return send(reply, 429, {
        error: 'RATE_LIMITED',
        reason: 'RATE_LIMITED',
        message: messages.rateLimited,
      });
    }
    const unavailable = databaseUnavailability(error);
    if (unavailable) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS[unavailable]));
      return send(reply, 503, {
        error: 'UNAVAILABLE',
        reason: unavailable,
        message: unavailableMessages[unavailable],
      });
    }
    const conflict = databaseConflict(error);
    if (conflict) return send(reply, 409, conflict);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own 4xx: malformed JSON, unsupported content type, missing body and the like.
      return send(reply, 400, { error: 'VALIDATION', reason: 'VALIDATION', message: messages.validation });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, { error: 'INTERNAL', reason: 'INTERNAL', message: messages.internal });
  });
}
