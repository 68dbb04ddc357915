import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { HealthResponseSchema } from '../../../shared/schemas/health.ts';
import { createDatabase } from '../../db/client.ts';
import { createJobRunner } from '../../lib/jobs/runner.ts';
import { createTestApp } from '../../test/test-app.ts';

const { app, deps, client } = await createTestApp();

describe('GET /api/health', () => {
  it('answers ok when the database answers', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(HealthResponseSchema.parse(await res.json())).toEqual({
      status: 'ok',
      db: 'ok',
      jobs: 'ok',
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reports a job runner that is not running, without failing the check', async () => {
    const { createApp } = await import('../../app.ts');
    const idle = createJobRunner({ connection: deps.database.pool.options, logger: deps.logger });
    const res = await createApp({ ...deps, jobs: idle }).request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok', jobs: 'stopped' });
  });

  it('answers 503 when the database is unreachable', async () => {
    // Same app, but its pool points at a port nothing listens on.
    const dead = createDatabase('postgresql://nobody:x@127.0.0.1:9/none', { max: 1 });
    const { createApp } = await import('../../app.ts');
    const broken = createApp({ ...deps, database: dead });
    const res = await broken.request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', db: 'down', jobs: 'ok' });
    await dead.close();
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const res = await app.request('/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('allows the chatbot host in the CSP only when it is configured', async () => {
    const csp = (await app.request('/api/health')).headers.get('content-security-policy');
    expect(csp).not.toContain('botpress');
    const { createApp } = await import('../../app.ts');
    const withBot = createApp({
      ...deps,
      env: {
        ...deps.env,
        BOTPRESS_INJECT_URL: 'https://cdn.botpress.cloud/webchat/v3.3/inject.js',
        BOTPRESS_BOT_SCRIPT_URL: 'https://files.bpcontent.cloud/2026/11/24/bot.js',
        BOTPRESS_CLIENT_ID: 'abc',
      },
    });
    const botCsp = (await withBot.request('/api/health')).headers.get('content-security-policy');
    expect(botCsp).toContain('https://cdn.botpress.cloud');
    expect(botCsp).toContain('https://files.bpcontent.cloud');
    // A client id alone (no script URLs) configures nothing: no host is allowed.
    const idOnly = createApp({ ...deps, env: { ...deps.env, BOTPRESS_CLIENT_ID: 'abc' } });
    const idCsp = (await idOnly.request('/api/health')).headers.get('content-security-policy');
    expect(idCsp).not.toContain('botpress');
  });
});

describe('errors', () => {
  it('answers unknown API paths with the one error shape', async () => {
    const res = await app.request('/api/nope', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.status).toBe(404);
    const body = ErrorBodySchema.parse(await res.json());
    expect(body).toEqual({
      error: { code: 'NOT_FOUND', message: 'Not found.' },
      requestId: 'abc-123',
    });
  });

  it('refuses a body over 1 MiB with a 413 and changes nothing', async () => {
    const res = await client.post('/api/auth/sign-up/email', { name: 'x'.repeat(1_100_000) });
    expect(res.status).toBe(413);
    expect(ErrorBodySchema.parse(await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI document generated from the schemas', async () => {
    const res = await app.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/me', '/api/auth/sign-up/email']),
    );
    expect(JSON.stringify(doc.paths['/api/auth/sign-up/email']?.post?.requestBody)).toContain(
      'landlord',
    );
  });
});
