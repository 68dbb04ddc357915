import type { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { ErrorBodySchema } from '../../shared/schemas/error.ts';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';

export type ApiOperation = {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  response?: z.ZodType;
  auth?: boolean;
};

/** The OpenAPI document, built from the same zod schemas the routes validate with. */
export function buildOpenApiDocument(operations: ApiOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    const errors = {
      content: { 'application/json': { schema: ErrorBodySchema } },
    };
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = {
      summary: op.summary,
      tags: op.tags,
      ...(op.auth ? { security: [{ sessionCookie: [] }] } : {}),
      ...(op.body ? { requestBody: { content: { 'application/json': { schema: op.body } } } } : {}),
      responses: {
        200: {
          description: 'OK',
          ...(op.response ? { content: { 'application/json': { schema: op.response } } } : {}),
        },
        '4XX': { description: 'Error', ...errors },
      },
    };
  }
  return createDocument({
    openapi: '3.1.0',
    info: { title: 'Stoop API', version },
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'stoop.session_token' },
      },
    },
    // zod-openapi's path types are precise per operation; our table is uniform by design.
    paths: paths as Parameters<typeof createDocument>[0]['paths'],
  });
}
