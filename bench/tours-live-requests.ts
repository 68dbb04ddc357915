/**
 * Live events into the cache (issue 27, decision 049): how many requests the landlord's tours
 * screen makes to /api while a renter books one of their tours.
 *
 * Builds the web app (vite) and the server bundle, starts an embedded PostgreSQL under a temp
 * directory with a landlord (hours every day), one listing and a renter, and the real server.
 * Chromium opens /landlord/tours as the landlord and waits for the page to settle; the renter then
 * books the first free slot through the API, and the script waits until the screen shows the
 * request, then 2 s more (anything a live event set off has finished), and counts the page's
 * /api requests after the booking (the event stream itself is not counted).
 *
 *   npx tsx bench/tours-live-requests.ts [--skip-build]
 *
 * The last line printed is JSON.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { Temporal } from 'temporal-polyfill';
import { build } from 'vite';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.ts';
import { createDatabase, type Db } from '../src/server/db/client.ts';
import { startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { landlordAvailability } from '../src/server/db/schema/tours.ts';
import { REPO_ROOT, signIn, sleep } from '../src/server/test/server-process.ts';
import { DEFAULT_TOUR_SETTINGS, WEEKDAYS } from '../src/shared/schemas/tours.ts';
import { benchUsers } from './lib/bench-users.ts';
import { type BenchServer, startBenchServer, stopBenchServer } from './lib/server.ts';

const { values } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
  },
});
const ZONE = 'America/New_York';
const PASSWORD = 'bench-live-2026';
const DOMAIN = 'bench-live.test';
const benchUser = benchUsers(DOMAIN, PASSWORD);
const SETTLE_MS = 2_000;

async function setUp(db: Db) {
  const landlord = await benchUser(db, 'landlord', 'landlord');
  const renter = await benchUser(db, 'renter', 'renter');
  const listingId = randomUUID();
  await db.insert(listings).values({
    id: listingId,
    landlordId: landlord.id,
    status: 'active',
    title: 'Bench live A',
    address: '215 Bedford Ave',
    neighborhood: 'williamsburg',
    borough: 'brooklyn',
    rentCents: 350_000,
    bedrooms: 1,
    bathrooms: 1,
    publishedAt: new Date(),
  });
  const weeklyHours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, [{ start: '00:00', end: '24:00' }]]),
  ) as Record<(typeof WEEKDAYS)[number], { start: string; end: string }[]>;
  await db.insert(landlordAvailability).values({
    landlordId: landlord.id,
    timeZone: ZONE,
    weeklyHours,
    // Bookings wait for the landlord: the screen's "Requests to answer" shows them.
    tourDefaults: { ...DEFAULT_TOUR_SETTINGS, mode: 'request' },
  });
  return { landlord, renter, listingId };
}

/** The first free slot of the listing over the next week. */
async function firstSlot(baseUrl: string, listingId: string): Promise<string> {
  const from = Temporal.Now.plainDateISO(ZONE);
  const to = from.add({ days: 6 });
  const res = await fetch(`${baseUrl}/api/listings/${listingId}/tour-slots?from=${from}&to=${to}`);
  const body = (await res.json()) as { slots: { start: string }[] };
  const slot = body.slots[0];
  if (!slot) throw new Error(`no free slot: ${res.status} ${JSON.stringify(body)}`);
  return slot.start;
}

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-bench-live-'));
// PostgreSQL runs as its own OS user under root: it must be able to reach its folder.
fs.chmodSync(workDir, 0o711);
if (!values['skip-build']) {
  await build({
    root: REPO_ROOT,
    configFile: path.join(REPO_ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: path.join(REPO_ROOT, 'dist'), emptyOutDir: true },
  });
}
const embedded = await startEmbeddedPostgres({ dataDir: path.join(workDir, 'pg') });
const database = createDatabase(embedded.url, { max: 2 });
let server: BenchServer | undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  await runMigrations(embedded.url);
  const { landlord, renter, listingId } = await setUp(database.db);
  server = await startBenchServer({
    databaseUrl: embedded.url,
    dataDir: workDir,
    env: { LOG_LEVEL: 'warn', AUTH_IP_RATE_LIMITS: 'false' },
  });
  const { baseUrl } = server;
  const landlordCookie = await signIn(baseUrl, landlord.email, PASSWORD);
  const renterCookie = await signIn(baseUrl, renter.email, PASSWORD);

  const context = await browser.newContext({ baseURL: baseUrl });
  await context.addCookies(
    landlordCookie.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), url: baseUrl };
    }),
  );
  const page = await context.newPage();
  const requests: { at: number; method: string; path: string }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') {
      requests.push({ at: Date.now(), method: request.method(), path: url.pathname + url.search });
    }
  });
  // The stream opens once it is connected; wait for it and for the first reads to end.
  const streamOpen = page.waitForRequest((request) => request.url().includes('/api/events'));
  await page.goto('/landlord/tours');
  await streamOpen;
  await page.waitForLoadState('networkidle').catch(() => {});
  await sleep(SETTLE_MS);
  const before = requests.length;

  const start = await firstSlot(baseUrl, listingId);
  const bookedAt = Date.now();
  const res = await fetch(`${baseUrl}/api/tours`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie: renterCookie },
    body: JSON.stringify({ listingId, start, type: 'in_person', idempotencyKey: randomUUID() }),
  });
  if (res.status !== 201) throw new Error(`booking: ${res.status} ${await res.text()}`);
  await page.getByTestId('tour-requests').waitFor({ timeout: 15_000 });
  const shownMs = Date.now() - bookedAt;
  await sleep(SETTLE_MS);
  const after = requests.filter((request) => request.at >= bookedAt);
  await context.close();
  console.log(
    JSON.stringify({
      bench: 'tours-live-requests',
      requestsBeforeBooking: before,
      requestsAfterBooking: after.length,
      shownMs,
      paths: after.map((request) => `${request.method} ${request.path}`),
    }),
  );
} finally {
  await browser.close();
  await stopBenchServer(server);
  await database.close();
  await embedded.stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}
