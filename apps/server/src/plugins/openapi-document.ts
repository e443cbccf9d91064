import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { routeDocs, routeKey, routeTable, TEXT_STORED_NORMALISED, type Route } from '@bank/shared';

interface MediaType {
  schema?: unknown;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  description?: string;
  responses?: Record<string, Response>;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

const byOperation = new Map(
  routeTable.map((entry) => [
    `${entry.method.toLowerCase()} ${entry.path.replace(/:(\w+)/g, '{$1}')}`,
    entry,
  ]),
);

/** One status's answer as the server sends it: its own content type for success, JSON for errors. */
function fixResponse(entry: Route, status: string, response: Response) {
  if (status === '204') {
    // No content: the server sends no body at all.
    delete response.content;
    return;
  }
  const media = response.content && Object.values(response.content)[0];
  if (!media) return;
  const declared = !status.endsWith('XX') && Object.hasOwn(entry.response, Number(status));
  const contentType = declared && entry.produces ? entry.produces : 'application/json';
  response.content = { [contentType]: media };
}

/**
 * The last step of the OpenAPI document (issue 23): every answer under the one content type the
 * server sends it with (a route that produces text or a PDF answers its errors as JSON), and no
 * body on a 204. Everything else in the document comes from the contract's schemas as they are.
 */
export const finishDocument: SwaggerTransformObject = (documentObject) => {
  if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
  const openapiObject = documentObject.openapiObject as Document;
  for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const entry = byOperation.get(`${method} ${path}`);
      if (!entry) continue;
      for (const [status, response] of Object.entries(operation.responses ?? {}))
        fixResponse(entry, status, response);
      const description = routeDocs[routeKey(entry)]?.description;
      if (description) operation.description = description;
    }
  }
  return documentObject.openapiObject;
};

/**
 * What holds for every JSON body, whatever its schema allows: Fastify's parser refuses keys that
 * could change every object of the server (prototype poisoning), and the fuzz tests find such
 * keys in fields the schemas leave open (`transactionDate`, which the server ignores).
 */
export const EVERY_BODY =
  'A JSON body in which an object has a `__proto__` key, or a `constructor` key holding a `prototype`, ' +
  'is refused with 400 VALIDATION, whatever its fields: such keys could change every object of the server.';

/** The OpenAPI document at /api/docs/json (and its UI at /api/docs), built from the registered routes. */
export async function registerDocument(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'School Bank API',
        version: '1.0.0',
        description: `The HTTP contract of the bank. ${EVERY_BODY} ${TEXT_STORED_NORMALISED}`,
      },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Every route is registered from the contract (routes/register.ts), its 4xx error body included.
    transform: jsonSchemaTransform,
    transformObject: finishDocument,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
