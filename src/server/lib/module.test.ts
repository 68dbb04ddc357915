import { type ServerType, serve } from '@hono/node-server';
import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { AppError } from './app-error.ts';
import { handleError, limitBody } from './http.ts';
import { createLogger } from './logger.ts';
import { type AppModule, mountApi } from './module.ts';
import { validate } from './validate.ts';

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

describe('body limits over a real socket', () => {
  // @hono/node-server's own request: a declared size is read straight from the socket.
  const echo = new Hono<AppEnv>()
    .post('/json', validate('json', z.object({ name: z.string() })), (c) =>
      c.json({ name: c.req.valid('json').name }),
    )
    .post('/text', async (c) => c.json({ text: await c.req.text() }))
    .post('/form', async (c) => {
      const form = await c.req.parseBody();
      return c.json({ field: form.field, file: (form.file as File).size });
    });
  const app = apiOf([
    {
      api: [
        { path: '/small', routes: echo, bodyLimit: { limit: limitBody(64, tooLarge) } },
        { path: '/echo', routes: echo },
      ],
    },
  ]);
  let server: ServerType;
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
        base = `http://127.0.0.1:${info.port}/api`;
        resolve();
      });
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (path: string, body: BodyInit, type = 'application/json') =>
    fetch(`${base}${path}`, { method: 'POST', body, headers: { 'content-type': type } });

  it('validates a JSON body, and refuses one past the limit or not JSON', async () => {
    const ok = await post('/small/json', JSON.stringify({ name: 'Ana' }));
    expect(await ok.json()).toEqual({ name: 'Ana' });
    const over = await post('/small/json', JSON.stringify({ name: 'x'.repeat(64) }));
    expect(over.status).toBe(413);
    const broken = await post('/small/json', '{"name":');
    expect(broken.status).toBe(400);
    const wrongShape = await post('/echo/json', JSON.stringify({ name: 7 }));
    expect(wrongShape.status).toBe(400);
  });

  it('keeps text and multipart bodies byte for byte', async () => {
    const text = await post('/echo/text', 'café ☕', 'text/plain; charset=utf-8');
    expect(await text.json()).toEqual({ text: 'café ☕' });
    const form = new FormData();
    form.set('field', 'value');
    form.set('file', new Blob([bytes(1000)]), 'a.bin');
    const multipart = await fetch(`${base}/echo/form`, { method: 'POST', body: form });
    expect(await multipart.json()).toEqual({ field: 'value', file: 1000 });
  });

  it('reads a body sent in chunks (no declared size) to its limit', async () => {
    const chunked = (n: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          for (let i = 0; i < n; i += 1) controller.enqueue(bytes(16));
          controller.close();
        },
      });
    const send = (n: number) =>
      fetch(`${base}/small/text`, {
        method: 'POST',
        body: chunked(n),
        headers: { 'content-type': 'text/plain' },
        duplex: 'half',
      } as RequestInit);
    expect(await (await send(4)).json()).toEqual({ text: 'a'.repeat(64) });
    expect((await send(5)).status).toBe(413);
  });
});
