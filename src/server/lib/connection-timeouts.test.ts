import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { applyConnectionTimeouts, KEEP_ALIVE_TIMEOUT_MS } from './connection-timeouts.ts';

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

describe('applyConnectionTimeouts', () => {
  it('keeps idle connections open past a balancer’s 60 s, with the headers timeout above it', () => {
    server = http.createServer();
    applyConnectionTimeouts(server);
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('tells a keep-alive client how long its idle connection stays open', async () => {
    server = http.createServer((_req, res) => res.end('ok'));
    applyConnectionTimeouts(server);
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    const keepAlive = await new Promise<string | string[] | undefined>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', agent }, (res) => {
          res.resume();
          resolve(res.headers['keep-alive']);
        })
        .on('error', reject);
    });
    agent.destroy();
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  });
});
