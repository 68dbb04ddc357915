import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { rateLimits } from '../../db/schema/auth.ts';
import { createTestApp } from '../../test/test-app.ts';

// Per-IP limits key on the socket address, so this suite talks to a real loopback socket.
const { app, db } = await createTestApp({ ipRateLimits: true });
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise<void>((resolve) => server.once('listening', () => resolve()));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

describe('per-IP limits', () => {
  it('allows 5 password-reset requests a minute from one address, then 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await post('/api/auth/request-password-reset', { email: `p${i}@stoop.test` });
      statuses.push(res.status);
      if (res.status === 429) {
        const body = ErrorBodySchema.parse(await res.json());
        expect(body.error.code).toBe('RATE_LIMITED');
        expect(
          Number(res.headers.get('x-retry-after') ?? res.headers.get('retry-after')),
        ).toBeGreaterThan(0);
      } else {
        await res.body?.cancel();
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The counters are rows in PostgreSQL, shared by every instance.
    expect((await db.select().from(rateLimits)).length).toBeGreaterThan(0);
  });

  it('cannot be dodged with a forged client-address header', async () => {
    const res = await post(
      '/api/auth/request-password-reset',
      { email: 'dodge@stoop.test' },
      { 'x-stoop-client-ip': '203.0.113.7', 'x-forwarded-for': '203.0.113.8' },
    );
    expect(res.status).toBe(429);
    await res.body?.cancel();
  });
});
