import { z } from 'zod';
import { createDocument } from 'zod-openapi';
import { ERRORS, type ErrorCode } from '../../shared/errors.ts';

type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
/** A status answered with the operation's own body (health's 503 is one: a report, no error). */
type SuccessStatus = 200 | 201 | 204 | 303 | 503;

export type ApiOperation = {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType;
  response?: z.ZodType;
  /**
   * The statuses a success answers with, each with `response` (204 and a 303 redirect: no body).
   * Default: 200 alone.
   */
  success?: readonly SuccessStatus[];
  /**
   * The media type of a success that is not JSON (an image, a calendar, an event stream), or
   * the types it may be (a stored document).
   */
  produces?: string | readonly string[];
  /** The error codes the route itself answers; those of every route of its kind are added. */
  errors?: readonly ErrorCode[];
  /** Exempt from the origin check (a one-click unsubscribe a mail provider posts). */
  anyOrigin?: boolean;
  auth?: boolean;
};

/**
 * What any route of the kind can answer, from the middleware in front of it: the error handler's
 * 500, the session's 401, the origin check on writes and the body limit and validation on bodies.
 */
function commonErrors(op: ApiOperation): ErrorCode[] {
  const codes: ErrorCode[] = ['INTERNAL'];
  if (op.auth) codes.push('UNAUTHENTICATED');
  if (op.method !== 'get') {
    if (!op.anyOrigin) codes.push('CROSS_ORIGIN');
    codes.push('PAYLOAD_TOO_LARGE');
  }
  // Bodies and path parameters are parsed with zod before the handler runs.
  if (op.body || op.path.includes('{')) codes.push('VALIDATION_ERROR');
  return codes;
}

/** The error body of one status, its `code` narrowed to the codes that status carries here. */
function errorBody(codes: readonly ErrorCode[]) {
  return z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      details: z.unknown().optional(),
    }),
    requestId: z.string().optional(),
  });
}

const DESCRIPTIONS: Record<SuccessStatus, string> = {
  200: 'OK',
  201: 'Created',
  204: 'No content',
  303: 'See other',
  503: 'Unavailable',
};

function successResponses(op: ApiOperation) {
  const responses: Record<string, unknown> = {};
  for (const status of op.success ?? [200]) {
    const content =
      status === 204 || status === 303
        ? undefined
        : op.produces
          ? Object.fromEntries([op.produces].flat().map((type) => [type, {}]))
          : op.response
            ? { 'application/json': { schema: op.response } }
            : undefined;
    const description = DESCRIPTIONS[status];
    responses[status] = { description, ...(content ? { content } : {}) };
  }
  return responses;
}

function errorResponses(op: ApiOperation) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...commonErrors(op), ...(op.errors ?? [])])) {
    const status = ERRORS[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: errorBody(codes) } },
    };
  }
  return responses;
}

/** The OpenAPI document, built from the same zod schemas the routes validate with. */
export function buildOpenApiDocument(operations: ApiOperation[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of operations) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, unknown>)[op.method] = {
      summary: op.summary,
      tags: op.tags,
      ...(op.auth ? { security: [{ sessionCookie: [] }] } : {}),
      ...(op.body ? { requestBody: { content: { 'application/json': { schema: op.body } } } } : {}),
      responses: { ...successResponses(op), ...errorResponses(op) },
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
