import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lifecycleDataDirs } from './test/lifecycle-dirs.ts';
import {
  childrenOf,
  isAlive,
  postmasterPid,
  type ServerProcess,
  signIn,
  sleep,
  spawnServer,
  waitFor,
  waitHealthy,
  watchdogsOf,
} from './test/server-process.ts';

/**
 * WEB_CONCURRENCY=N (decision 041): a primary that owns the embedded PostgreSQL and N workers on
 * one port. Which process answered is told by X-Stoop-Pid, on only because EXPOSE_PID_HEADER is.
 */

const PASSWORD = 'cluster-pass-1';
const { newDataDir } = lifecycleDataDirs('stoop-cluster-');

type Answer = { status: number; pid: number; body: string };

/** One request on a new connection (the cluster hands out connections, not requests). */
function request(
  server: ServerProcess,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, pid: Number(res.headers['x-stoop-pid']), body }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Asks until `count` different processes have answered, for 60 s at most. A worker counts as a
 * child before it listens: on a loaded machine the first one can take every request for a while.
 */
async function answeringPids(server: ServerProcess, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  const deadline = performance.now() + 60_000;
  while (pids.size < count && performance.now() < deadline) {
    const answer = await request(server, '/api/health');
    expect(answer.status).toBe(200);
    pids.add(answer.pid);
    if (pids.size < count) await sleep(20);
  }
  return pids;
}

/** Polls `read` until it returns a value (60 s at most). */
async function waitForValue<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error('condition not met within 60 s');
    await sleep(50);
  }
}

async function liveEventAcrossWorkers(
  server: ServerProcess,
  landlordCookie: string,
  landlordId: string,
) {
  const email = `cluster-renter-${Date.now()}@stoop.test`;
  const json = { 'content-type': 'application/json', origin: server.baseUrl };
  const signedUp = await request(server, '/api/auth/sign-up/email', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, name: 'Rhea Renter', userType: 'renter' }),
  });
  expect(signedUp.status, signedUp.body).toBe(200);
  const renter = { ...json, cookie: await signIn(server.baseUrl, email, PASSWORD) };
  const opened = await request(server, '/api/conversations', {
    method: 'POST',
    headers: renter,
    body: JSON.stringify({ participantId: landlordId }),
  });
  expect(opened.status, opened.body).toBe(201);
  const conversationId = JSON.parse(opened.body).conversation.id as string;

  const controller = new AbortController();
  const stream = await fetch(`${server.baseUrl}/api/events`, {
    headers: { cookie: landlordCookie },
    signal: controller.signal,
  });
  try {
    expect(stream.status).toBe(200);
    const holder = Number(stream.headers.get('x-stoop-pid'));
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended before "${needle}"`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    };
    await readUntil('event: ready');
    // Each send is a new connection; the cluster alternates, so one soon lands on the other worker.
    let text = '';
    for (let i = 0; i < 10 && !text; i++) {
      const content = `From the other worker ${i} ${Date.now()}`;
      const sent = await request(server, `/api/conversations/${conversationId}/messages`, {
        method: 'POST',
        headers: renter,
        body: JSON.stringify({ content, idempotencyKey: crypto.randomUUID() }),
      });
      expect(sent.status, sent.body).toBe(201);
      if (sent.pid !== holder) text = content;
    }
    expect(text).not.toBe('');
    await readUntil(text);
  } finally {
    controller.abort();
  }
}

const nodeChildren = (server: ServerProcess) =>
  childrenOf(server.pid)
    .filter((p) => p.argv.some((arg) => arg.endsWith('dist-server/index.mjs')))
    .map((p) => p.pid);

describe('WEB_CONCURRENCY=2 on the embedded PostgreSQL', () => {
  it('answers from two worker processes, replaces a dead one, and SIGTERM stops everything', async () => {
    const dataDir = newDataDir('two');
    const server = await spawnServer({
      dataDir,
      env: { WEB_CONCURRENCY: '2', EXPOSE_PID_HEADER: 'true', SEED_DEMO_DATA: 'false' },
    });
    await waitHealthy(server, { timeoutMs: 80_000 });
    await waitFor(() => nodeChildren(server).length === 2, 30_000);

    const pids = await answeringPids(server, 2);
    expect(pids.size).toBe(2);
    // Workers are the primary's children; the primary itself serves nothing.
    expect(new Set(nodeChildren(server))).toEqual(pids);
    expect(pids.has(server.pid)).toBe(false);
    // One postgres for all of them, owned by the primary.
    const postmaster = postmasterPid(path.join(dataDir, 'pg'));
    if (!postmaster) throw new Error('no postmaster');
    expect(childrenOf(server.pid).map((p) => p.pid)).toContain(postmaster);

    // A session made through one worker is good on the other: sessions live in PostgreSQL.
    const email = `cluster-${Date.now()}@stoop.test`;
    const signedUp = await request(server, '/api/auth/sign-up/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email, password: PASSWORD, name: 'Two Cores', userType: 'landlord' }),
    });
    expect(signedUp.status, signedUp.body).toBe(200);
    const cookie = await signIn(server.baseUrl, email, PASSWORD);
    const meBy = new Set<number>();
    for (let i = 0; i < 60 && meBy.size < 2; i++) {
      const me = await request(server, '/api/me', { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body).user.email).toBe(email);
      meBy.add(me.pid);
    }
    expect(meBy).toEqual(pids);

    // A job runs once, whichever worker's runner takes it: one welcome mail (the outbox).
    const mails = await waitForValue(async () => {
      const box = await request(server, '/api/dev/mailbox');
      const items = (JSON.parse(box.body) as { items: { to: string; subject: string }[] }).items;
      const welcome = items.filter((m) => m.to === email && m.subject === 'Welcome to Stoop');
      return welcome.length > 0 ? welcome : undefined;
    });
    expect(mails).toHaveLength(1);

    // A live event crosses workers (LISTEN/NOTIFY): a stream held by one worker receives a
    // message sent through the other.
    await liveEventAcrossWorkers(
      server,
      cookie,
      JSON.parse((await request(server, '/api/me', { headers: { cookie } })).body).user.id,
    );

    // kill -9 one worker: the primary forks a replacement and the port never goes away.
    const [victim, survivor] = [...pids] as [number, number];
    process.kill(victim, 'SIGKILL');
    await waitFor(() => !isAlive(victim), 5_000);
    await waitFor(() => nodeChildren(server).length === 2, 30_000);
    const replacement = nodeChildren(server).find((pid) => pid !== survivor);
    expect(replacement).toBeDefined();
    expect(replacement).not.toBe(victim);
    // It serves once it has started (connected, index loading): ask until it answers.
    expect(await answeringPids(server, 2)).toEqual(new Set([survivor, replacement]));

    const family = [server.pid, ...nodeChildren(server), postmaster, ...watchdogsOf(postmaster)];
    process.kill(server.pid, 'SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    await waitFor(() => family.every((pid) => !isAlive(pid)), 10_000);
    expect(fs.existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 180_000); // initdb and migrations on a loaded 2-core machine, then three workers start

  it('gives up with exit 1 when workers cannot start, and stops its postgres', async () => {
    const dataDir = newDataDir('port-taken');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const server = await spawnServer({
        dataDir,
        port,
        env: { WEB_CONCURRENCY: '2', SEED_DEMO_DATA: 'false' },
      });
      const exit = await server.exited;
      expect(exit.code).toBe(1);
      expect(server.stdout()).toContain('workers keep failing to start');
      const pid = postmasterPid(path.join(dataDir, 'pg'));
      expect(pid === undefined || !isAlive(pid)).toBe(true);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
