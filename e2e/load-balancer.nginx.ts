import http from 'node:http';
import { expect, type Request, test } from '@playwright/test';
import sharp from 'sharp';

/**
 * Stoop behind nginx with two instances on one PostgreSQL (issue 17, decision 041), run by
 * scripts/proxy-test.sh: BASE_URL is nginx, STOOP_PROXY_INSTANCES the two instances' own URLs.
 * Each instance runs with TRUST_PROXY=1 and tells which process answered in X-Stoop-Pid
 * (EXPOSE_PID_HEADER, a test-only switch). In order: the last test kills an instance.
 */

test.describe.configure({ mode: 'serial' });

const PROXY = process.env.BASE_URL ?? '';
const INSTANCES = (process.env.STOOP_PROXY_INSTANCES ?? '').split(',').filter(Boolean);
const ORIGIN = PROXY ? new URL(PROXY).origin : '';

type Answer = { status: number; pid: number; body: string; setCookie: string[] };

/**
 * One request on a new connection, from `localAddress` (127.0.0.x: a different client as nginx
 * sees it), so per-IP limits can tell clients apart on one machine.
 */
function send(
  base: string,
  pathname: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    json?: unknown;
    localAddress?: string;
  } = {},
): Promise<Answer> {
  const url = new URL(pathname, base);
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: options.method ?? (body ? 'POST' : 'GET'),
        localAddress: options.localAddress,
        agent: false,
        headers: {
          ...(body ? { 'content-type': 'application/json', origin: ORIGIN } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            pid: Number(res.headers['x-stoop-pid']),
            body: text,
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cookieOf = (answer: Answer) =>
  answer.setCookie
    .map((line) => line.split(';')[0])
    .filter(Boolean)
    .join('; ');

let counter = 0;
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${++counter}-${Math.random().toString(36).slice(2, 6)}@stoop.test`;

type Account = { id: string; email: string; password: string; cookie: string };

/** Signs up through `base` (an instance or nginx); the answer's cookie is the session. */
async function signUp(base: string, userType: 'renter' | 'landlord'): Promise<Account> {
  const email = uniqueEmail(`lb-${userType}`);
  const password = `pw-${Math.random().toString(36).slice(2, 12)}`;
  const res = await send(base, '/api/auth/sign-up/email', {
    json: {
      email,
      password,
      name: userType === 'renter' ? 'Rhea Renter' : 'Lars Landlord',
      userType,
    },
  });
  expect(res.status, res.body).toBe(200);
  return { id: JSON.parse(res.body).user.id, email, password, cookie: cookieOf(res) };
}

/** The pid behind each instance URL, and the URL of each pid. */
async function instancePids(): Promise<Map<number, string>> {
  const byPid = new Map<number, string>();
  for (const url of INSTANCES) {
    const res = await send(url, '/api/health');
    expect(res.status).toBe(200);
    byPid.set(res.pid, url);
  }
  return byPid;
}

/** A conversation from `renter` to `landlord`, made through `base`. */
async function conversation(base: string, renter: Account, landlord: Account): Promise<string> {
  const res = await send(base, '/api/conversations', {
    headers: { cookie: renter.cookie },
    json: { participantId: landlord.id },
  });
  expect(res.status, res.body).toBe(201);
  return JSON.parse(res.body).conversation.id;
}

async function sendMessage(base: string, from: Account, conversationId: string, content: string) {
  const res = await send(base, `/api/conversations/${conversationId}/messages`, {
    headers: { cookie: from.cookie },
    json: { content, idempotencyKey: crypto.randomUUID() },
  });
  expect(res.status, res.body).toBe(201);
  return res;
}

/** A small photo for a listing (a listing needs one to be published). */
function png(): Promise<Buffer> {
  return sharp({
    create: { width: 480, height: 360, channels: 3, background: { r: 60, g: 120, b: 140 } },
  })
    .png()
    .toBuffer();
}

test.beforeAll(() => {
  expect(PROXY, 'BASE_URL (nginx) must be set: run scripts/proxy-test.sh').not.toBe('');
  expect(INSTANCES).toHaveLength(2);
});

test('nginx spreads requests over both instances, which are two processes', async () => {
  const byPid = await instancePids();
  expect(byPid.size).toBe(2);
  const seen = new Set<number>();
  for (let i = 0; i < 10 && seen.size < 2; i++) {
    const res = await send(PROXY, '/api/health');
    expect(res.status).toBe(200);
    seen.add(res.pid);
  }
  expect(seen).toEqual(new Set(byPid.keys()));
});

test('a session made on one instance is good on the other, and a sign-out on either ends it', async () => {
  const [a, b] = INSTANCES as [string, string];
  const user = await signUp(a, 'renter');
  const signedIn = await send(a, '/api/auth/sign-in/email', {
    json: { email: user.email, password: user.password },
  });
  expect(signedIn.status, signedIn.body).toBe(200);
  const cookie = cookieOf(signedIn);
  for (const base of [b, a, PROXY, PROXY]) {
    const me = await send(base, '/api/me', { headers: { cookie } });
    expect(me.status, base).toBe(200);
    expect(JSON.parse(me.body).user.email).toBe(user.email);
  }
  // Revocation is immediate on every instance: signed out on b, refused on a.
  const out = await send(b, '/api/auth/sign-out', { headers: { cookie }, json: {} });
  expect(out.status, out.body).toBe(200);
  // Each instance keeps sessions in memory and forgets one at PostgreSQL's notice (decision
  // 043): milliseconds (bench/api-baseline.ts measures it); the limit allows a loaded machine.
  const status = async (base: string) =>
    (await send(base, '/api/me', { headers: { cookie } })).status;
  await expect.poll(() => status(a), { timeout: 5_000, intervals: [10] }).toBe(401);
  await expect.poll(() => status(PROXY), { timeout: 5_000, intervals: [10] }).toBe(401);
});

test('an SSE stream through nginx receives a message sent through the other instance', async () => {
  const byPid = await instancePids();
  const renter = await signUp(PROXY, 'renter');
  const landlord = await signUp(PROXY, 'landlord');
  const conversationId = await conversation(PROXY, renter, landlord);

  const controller = new AbortController();
  const stream = await fetch(`${PROXY}/api/events`, {
    headers: { cookie: landlord.cookie },
    signal: controller.signal,
  });
  try {
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const holder = Number(stream.headers.get('x-stoop-pid'));
    const other = [...byPid].find(([pid]) => pid !== holder)?.[1];
    if (!other)
      throw new Error(`the stream's process ${holder} is not one of ${[...byPid.keys()]}`);

    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      while (!received.includes(needle)) {
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`the stream ended before "${needle}":\n${received}`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    };
    // The stream has started (ready) before the message is sent, so it must arrive live.
    await readUntil('event: ready');
    const text = `Through the other instance ${crypto.randomUUID()}`;
    const sent = await sendMessage(other, renter, conversationId, text);
    expect(sent.pid).not.toBe(holder);
    await readUntil(text);
    expect(received).toContain('event: message.created');
  } finally {
    controller.abort();
  }
});

test("a listing published through one instance is found at once by the other's search index", async ({
  playwright,
}) => {
  const [a, b] = INSTANCES as [string, string];
  const landlord = await signUp(a, 'landlord');
  const word = `Quillmere${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const search = async () => {
    const res = await send(b, `/api/listings?q=${word}`);
    expect(res.status, res.body).toBe(200);
    return JSON.parse(res.body) as { items: { id: string }[]; total: number };
  };
  // b's index is loaded before the listing exists: it must catch up from the change log.
  expect((await search()).total).toBe(0);

  const api = await playwright.request.newContext({
    baseURL: a,
    extraHTTPHeaders: { cookie: landlord.cookie, origin: ORIGIN },
  });
  try {
    const created = await api.post('/api/listings', {
      data: {
        title: `${word} loft with a view`,
        description: 'Bright corner apartment with big windows and a quiet bedroom.',
        address: '12 Test Street',
        neighborhood: 'tribeca',
        lat: 40.7163,
        lng: -74.0086,
        rentCents: 315_000,
        bedrooms: 2,
        bathrooms: 1,
        availableFrom: '2027-01-01',
        leaseTermMonths: 12,
        pets: 'cats',
        laundry: 'in_building',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { listing: { id: string } }).listing.id;
    const photo = await api.post(`/api/listings/${id}/photos`, {
      multipart: { photo: { name: 'photo.png', mimeType: 'image/png', buffer: await png() } },
    });
    expect(photo.status(), await photo.text()).toBe(201);
    const published = await api.patch(`/api/listings/${id}`, { data: { status: 'active' } });
    expect(published.status(), await published.text()).toBe(200);

    // The very next search on the other instance sees it: no waiting, no polling.
    const found = await search();
    expect(found.items.map((item) => item.id)).toEqual([id]);
  } finally {
    await api.dispose();
  }
});

test('per-IP limits see the client nginx saw, not the proxy and not a forged header', async () => {
  const reset = (localAddress: string, forwardedFor?: string) =>
    send(PROXY, '/api/auth/request-password-reset', {
      localAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      // A new address each time: only the per-IP limit (5 a minute) can refuse.
      json: { email: uniqueEmail('lb-reset') },
    });
  const first: Answer[] = [];
  for (let i = 0; i < 6; i++) first.push(await reset('127.0.0.2'));
  expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
  // Both instances counted, in the one table in PostgreSQL.
  expect(new Set(first.map((r) => r.pid)).size).toBe(2);
  // A different client through the same nginx has its own allowance.
  expect((await reset('127.0.0.3')).status).toBe(200);
  // The limited client cannot forge its way out: nginx appends the real address, one hop is trusted.
  expect((await reset('127.0.0.2', '203.0.113.77')).status).toBe(429);
  expect((await reset('127.0.0.2', '127.0.0.3, 198.51.100.2')).status).toBe(429);
  // Nor can another client get someone else limited by naming them.
  expect((await reset('127.0.0.3', '127.0.0.2')).status).toBe(200);
});

test('killing the instance that holds the browser stream: it resumes through nginx on the other, losing nothing', async ({
  page,
}) => {
  const byPid = await instancePids();
  const renter = await signUp(PROXY, 'renter');
  const landlord = await signUp(PROXY, 'landlord');
  const conversationId = await conversation(PROXY, renter, landlord);

  const signedIn = await page.request.post('/api/auth/sign-in/email', {
    data: { email: renter.email, password: renter.password },
    headers: { Origin: ORIGIN },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);

  // Every stream the page opens, with the process that answered it.
  const streams: { request: Request; pid: Promise<number> }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/events') return;
    const pid = request
      .response()
      .then((response) => Number(response?.headers()['x-stoop-pid']))
      .catch(() => Number.NaN);
    streams.push({ request, pid });
  });

  await page.goto(`/chat/${conversationId}`);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.getByText('No messages yet.')).toBeVisible();
  await expect.poll(() => streams.length).toBeGreaterThan(0);
  const holder = await streams[0]?.pid;
  const victimUrl = holder === undefined ? undefined : byPid.get(holder);
  const survivorEntry = [...byPid].find(([pid]) => pid !== holder);
  if (!holder || !victimUrl || !survivorEntry) {
    throw new Error(`the stream's process ${holder} is not one of ${[...byPid.keys()]}`);
  }
  const [survivorPid, survivor] = survivorEntry;

  const messages = page.getByTestId('message');
  const text = (n: number) => `Across the failover, message ${n}.`;
  // Live before the kill, sent through the other instance.
  await sendMessage(survivor, landlord, conversationId, text(1));
  await expect(messages.filter({ hasText: text(1) })).toHaveCount(1);

  process.kill(holder, 'SIGKILL');
  // While the browser notices and reconnects (retry: 3 s), more messages are sent.
  for (let n = 2; n <= 4; n++) await sendMessage(survivor, landlord, conversationId, text(n));

  // The browser's own reconnect goes through nginx to the survivor, resuming with Last-Event-ID.
  await expect
    .poll(async () => {
      for (const stream of streams.slice(1)) {
        if ((await stream.pid) === survivorPid) return true;
      }
      return false;
    })
    .toBe(true);
  const resumed = streams.slice(1)[0]?.request;
  const resumedFrom =
    (await resumed?.headerValue('last-event-id')) ??
    new URL(resumed?.url() ?? PROXY).searchParams.get('lastEventId');
  expect(resumedFrom).toMatch(/^\d+$/);

  for (let n = 1; n <= 4; n++) {
    await expect(messages.filter({ hasText: text(n) })).toHaveCount(1);
  }
  // One more after the reconnect arrives live, once.
  await sendMessage(PROXY, landlord, conversationId, text(5));
  await expect(messages.filter({ hasText: text(5) })).toHaveCount(1);
  await expect(messages).toHaveCount(5);
  // nginx now sends everything to the survivor.
  const after = await send(PROXY, '/api/health');
  expect(after.status).toBe(200);
  expect(after.pid).toBe(survivorPid);
});
