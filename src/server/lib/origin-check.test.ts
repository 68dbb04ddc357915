import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { handleError } from './http.ts';
import { isAllowedOrigin, originCheck } from './origin-check.ts';

describe('isAllowedOrigin', () => {
  const trusted = ['https://stoop.example'];

  it('accepts trusted origins and the request’s own host', () => {
    expect(isAllowedOrigin('https://stoop.example', 'internal:8080', trusted, 'http:')).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', trusted, 'http:')).toBe(true);
    expect(isAllowedOrigin('https://stoop.test', 'stoop.test', trusted, 'https:')).toBe(true);
  });

  it('refuses foreign, opaque and look-alike origins', () => {
    expect(isAllowedOrigin('http://evil.example', 'localhost:3000', trusted, 'http:')).toBe(false);
    expect(isAllowedOrigin('null', 'localhost:3000', trusted, 'http:')).toBe(false);
    expect(isAllowedOrigin('https://stoop.example.evil.com', 'x', trusted, 'https:')).toBe(false);
    expect(isAllowedOrigin('http://localhost:3001', 'localhost:3000', trusted, 'http:')).toBe(
      false,
    );
    expect(isAllowedOrigin('file://localhost:3000', 'localhost:3000', trusted, 'http:')).toBe(
      false,
    );
  });

  it('compares the scheme too, not only host and port', () => {
    expect(isAllowedOrigin('https://localhost:3000', 'localhost:3000', [], 'http:')).toBe(false);
    expect(isAllowedOrigin('http://stoop.test', 'stoop.test', [], 'https:')).toBe(false);
  });
});

describe('originCheck exemptions', () => {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(originCheck([], 'http:', { exempt: ['/api/alerts/unsubscribe'] }));
  app.post('*', (c) => c.text('ok'));
  const foreign = { origin: 'https://mail.example.com', 'sec-fetch-site': 'cross-site' };

  it('lets a foreign post reach an exempt path only, exactly that path', async () => {
    const post = (path: string) =>
      app.request(`http://stoop.test${path}`, { method: 'POST', headers: foreign });
    expect((await post('/api/alerts/unsubscribe')).status).toBe(200);
    expect((await post('/api/saved-searches')).status).toBe(403);
    expect((await post('/api/alerts/unsubscribe/x')).status).toBe(403);
  });
});
