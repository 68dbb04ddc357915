import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { requestId } from 'hono/request-id';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { createLogger } from './logger.ts';
import { requestLog } from './request-log.ts';

/** An app with the request id and the request log in front, and the JSON lines it writes. */
function loggedApp() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  const app = new Hono<AppEnv>();
  app.use(requestId());
  app.use(requestLog(createLogger('info', sink)));
  const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, lines, entries };
}

describe('requestLog', () => {
  it('writes one JSON line per request with its id, method, path, status and duration', async () => {
    const { app, entries: read } = loggedApp();
    app.get('/hello', (c) => {
      c.var.logger.info('inside');
      return c.text('hi', 201);
    });
    await app.request('/hello', { headers: { 'x-request-id': 'req-42' } });
    const entries = read();
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ msg: 'inside', requestId: 'req-42' });
    expect(entries[1]).toMatchObject({
      msg: 'request',
      requestId: 'req-42',
      method: 'GET',
      path: '/hello',
      status: 201,
    });
    expect(typeof entries[1]?.ms).toBe('number');
  });

  it('still redacts what handlers log; the request line has nothing to redact', async () => {
    const { app, lines, entries: read } = loggedApp();
    app.post('/sign-in', (c) => {
      c.var.logger.info({ body: { password: 'hunter2' } }, 'inside');
      return c.text('ok');
    });
    await app.request('/sign-in', { method: 'POST', headers: { 'x-request-id': 'req-7' } });
    expect(lines.join('\n')).not.toContain('hunter2');
    const entries = read();
    expect(entries[0]).toMatchObject({ body: { password: '[redacted]' }, requestId: 'req-7' });
    expect(Object.keys(entries[1] ?? {})).toEqual([
      'level',
      'time',
      'requestId',
      'method',
      'path',
      'status',
      'ms',
      'msg',
    ]);
  });
});
