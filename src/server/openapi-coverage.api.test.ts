import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { AUTH_ENDPOINTS } from './modules/auth/auth.routes.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Issue 12: every route mounted under /api is in /api/openapi.json, and every operation there is
 * mounted. Wildcard routes are middleware or the 404 catch-alls; a route for every method
 * ('ALL') must be one of them. /api/auth forwards only the better-auth endpoints Stoop uses (AUTH_ENDPOINTS,
 * decision 019), each a documented POST, and answers 404 to the rest (auth-surface.test.ts).
 */
const { app } = await createTestApp();

type Doc = { paths: Record<string, Record<string, unknown>> };
type Route = { method: string; path: string };

/** The document does not describe itself. */
const NOT_OPERATIONS = new Set(['GET /api/openapi.json']);

/** `/api/listings/:id` as OpenAPI writes it: `/api/listings/{id}`. */
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function operations(doc: Doc): string[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
  );
}

/** Mounted API operations missing from the document, and 'ALL' routes that are not wildcards. */
function undocumented(routes: readonly Route[], doc: Doc) {
  const documented = new Set(operations(doc));
  const missing = new Set<string>();
  const endpointsForEveryMethod = new Set<string>();
  for (const { method, path } of routes) {
    // Wildcards are middleware (body limits, sessions) and the 404 catch-alls.
    if (!path.startsWith('/api/') || path.endsWith('*')) continue;
    if (method === 'ALL') {
      endpointsForEveryMethod.add(path);
      continue;
    }
    const operation = `${method} ${openApiPath(path)}`;
    if (!NOT_OPERATIONS.has(`${method} ${path}`) && !documented.has(operation)) {
      missing.add(operation);
    }
  }
  return { missing: [...missing], endpointsForEveryMethod: [...endpointsForEveryMethod] };
}

const doc = (await (await app.request('/api/openapi.json')).json()) as Doc;

describe('/api/openapi.json', () => {
  it('documents every mounted API route', () => {
    expect(undocumented(app.routes, doc)).toEqual({ missing: [], endpointsForEveryMethod: [] });
  });

  it('documents only mounted routes', () => {
    const mounted = new Set(
      app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${openApiPath(r.path)}`),
    );
    expect(operations(doc).filter((op) => !mounted.has(op))).toEqual([]);
  });

  it('lists each auth endpoint Stoop forwards to better-auth', () => {
    for (const endpoint of AUTH_ENDPOINTS) {
      expect(doc.paths[`/api/auth${endpoint}`]?.post, endpoint).toBeDefined();
    }
  });

  it('would catch a route added without its operation', () => {
    const extra = new Hono()
      .get('/api/listings/:id/history', (c) => c.text(''))
      .all('/api/anything', (c) => c.text(''));
    expect(undocumented([...app.routes, ...extra.routes], doc)).toEqual({
      missing: ['GET /api/listings/{id}/history'],
      endpointsForEveryMethod: ['/api/anything'],
    });
  });
});
