import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';
import { handleError, limitBody } from './http.ts';
import { createLogger } from './logger.ts';
import { type AppModule, mountApi } from './module.ts';

const noSession: MiddlewareHandler<AppEnv> = (_c, next) => next();

function apiOf(modules: AppModule[]) {
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.use(async (c, next) => {
    c.set('logger', createLogger('silent'));
    c.set('requestId', 'req-1');
    await next();
  });
  const api = new Hono<AppEnv>();
  mountApi(api, modules, noSession);
  api.all('*', () => {
    throw new AppError('NOT_FOUND');
  });
  return app.route('/api', api);
}

const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE');
const MB = 1024 * 1024;
const bytes = (n: number) => new Uint8Array(n).fill(0x61);

describe('body limits per router', () => {
  // A webhook's raw body: its own limit, and the bytes exactly as sent (to check a signature).
  const webhook = new Hono<AppEnv>().post('/', async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    return c.json({ size: body.length, first: body[0] });
  });
  const uploads = new Hono<AppEnv>().post('/', async (c) =>
    c.json({ size: (await c.req.arrayBuffer()).byteLength }),
  );
  const things = new Hono<AppEnv>()
    .post('/:id/files', async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }))
    .patch('/:id/files', async (c) => c.json({ size: (await c.req.arrayBuffer()).byteLength }))
    .use(async () => {
      throw new AppError('UNAUTHENTICATED');
    });
  const app = apiOf([
    {
      api: [
        {
          path: '/webhooks/pay',
          routes: webhook,
          bodyLimit: { limit: limitBody(16, tooLarge) },
        },
        {
          path: '/things/:id/files',
          routes: uploads,
          bodyLimit: { limit: limitBody(4 * MB, tooLarge), methods: ['POST'] },
        },
        { path: '/things', routes: things },
      ],
    },
  ]);

  it('gives a raw-body router its own limit and its bytes unchanged', async () => {
    const ok = await app.request('/api/webhooks/pay', { method: 'POST', body: bytes(16) });
    expect(await ok.json()).toEqual({ size: 16, first: 0x61 });
    const over = await app.request('/api/webhooks/pay', { method: 'POST', body: bytes(17) });
    expect(over.status).toBe(413);
  });

  it('lets the narrower router decide for its method, the general one for the rest', async () => {
    const post = await app.request('/api/things/1/files', { method: 'POST', body: bytes(2 * MB) });
    expect(await post.json()).toEqual({ size: 2 * MB });
    const patch = await app.request('/api/things/1/files', {
      method: 'PATCH',
      body: bytes(2 * MB),
    });
    expect(patch.status).toBe(413);
    const small = await app.request('/api/things/1/files', { method: 'PATCH', body: bytes(10) });
    expect(await small.json()).toEqual({ size: 10 });
  });

  it('refuses an oversized body before a router answers early', async () => {
    const res = await app.request('/api/things/1/other', { method: 'PUT', body: bytes(2 * MB) });
    expect(res.status).toBe(413);
    const unknown = await app.request('/api/nowhere', { method: 'POST', body: bytes(2 * MB) });
    expect(unknown.status).toBe(413);
  });
});
