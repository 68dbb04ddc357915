import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';
import { handleError } from './http.ts';
import { createLogger } from './logger.ts';

function appThatThrows(error: Error) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('logger', createLogger('silent'));
    c.set('requestId', 'req-1');
    await next();
  });
  app.onError(handleError);
  app.get('/', () => {
    throw error;
  });
  return app;
}

describe('handleError', () => {
  it('never leaks a stack or SQL in a 500', async () => {
    const leak = new Error('relation "users" does not exist at SELECT * FROM users');
    const res = await appThatThrows(leak).request('/');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('relation');
    expect(text).not.toContain('SELECT');
    expect(JSON.parse(text)).toEqual({
      error: { code: 'INTERNAL', message: 'An unexpected error occurred.' },
      requestId: 'req-1',
    });
  });

  it('keeps an AppError’s status, message, details and headers', async () => {
    const error = new AppError('RATE_LIMITED', { headers: { 'Retry-After': '60' }, details: [1] });
    const res = await appThatThrows(error).request('/');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: 'Too many failed attempts. Please try again later.',
        details: [1],
      },
      requestId: 'req-1',
    });
  });
});
