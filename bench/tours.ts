/**
 * Tours benchmark (issue 13). One database (DATABASE_URL, or an embedded PostgreSQL under
 * --data-dir, default data/bench-tours, reused between runs) with a bench landlord who shows
 * places every day 09:00-21:00 in New York, two active listings of theirs and a renter; then the
 * real server as its own process (`node dist-server/index.mjs`, built first) and the parts:
 *
 *   slots    200 requested/confirmed tours of the landlord over the next 21 days (on this
 *            listing and the other one, so buffers across listings count), then
 *            GET /api/listings/{id}/tour-slots for the 21-day window at --connections clients
 *            (default 20), signed out. Budget: p95 <= 10 ms.
 *   booking  --contenders renters (default 50), each signed in, book ONE private slot at once,
 *            --rounds times (default 20) on fresh slots: every POST /api/tours timed, then the
 *            double bookings counted in the table. Budget: p95 <= 100 ms, 0 double bookings.
 *
 * Each part is one entry of PARTS below (`run(context)` returning its figures and pass); add a
 * part there and it joins `--part all`.
 *
 *   npx tsx bench/tours.ts [--part slots|booking|all] [--duration 10] [--warmup 3] [--connections 20]
 *                          [--rounds 20] [--contenders 50] [--data-dir data/bench-tours]
 *
 * The last line printed is JSON.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { Temporal } from 'temporal-polyfill';
import { createDatabase, type Db } from '../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { listings } from '../src/server/db/schema/listings.ts';
import { landlordAvailability, listingTourSettings, tours } from '../src/server/db/schema/tours.ts';
import { stableUuid } from '../src/server/seed/seed-listings.ts';
import { REPO_ROOT } from '../src/server/test/server-process.ts';
import { DEFAULT_TOUR_SETTINGS, WEEKDAYS } from '../src/shared/schemas/tours.ts';
import { benchUsers } from './lib/bench-users.ts';
import { onePath, runLoad } from './lib/load.ts';
import { type BenchServer, startBenchServer, stopBenchServer } from './lib/server.ts';
import { cpuMs, round } from './lib/stats.ts';
import { bookingPart } from './tours-booking.ts';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    'data-dir': { type: 'string', default: 'data/bench-tours' },
    /** booking: slots raced for one after another, and renters racing for each. */
    rounds: { type: 'string', default: '20' },
    contenders: { type: 'string', default: '50' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const DATA_DIR = path.resolve(REPO_ROOT, values['data-dir'] as string);
const ZONE = 'America/New_York';
const PASSWORD = 'bench-tours-2026';
const DOMAIN = 'bench-tours.test';
const benchUser = benchUsers(DOMAIN, PASSWORD);

/** What every part gets: the database, the server and the bench's own rows. */
export type BenchContext = {
  db: Db;
  server: BenchServer;
  /** The embedded postmaster, for PostgreSQL's CPU (none with DATABASE_URL). */
  postmasterPid: number | undefined;
  landlordId: string;
  renterId: string;
  /** The listing under test, and another of the same landlord. */
  listingId: string;
  siblingId: string;
};

type PartResult = { figures: Record<string, unknown>; pass: boolean };

/** CPU ms of the postmaster and every backend under it. */
function postgresCpuMs(postmaster: number | undefined): number {
  if (!postmaster) return 0;
  let total = cpuMs(postmaster);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) total += cpuMs(Number(entry));
    } catch {
      // gone
    }
  }
  return total;
}

/** Autocannon on one URL, with the server's and PostgreSQL's CPU per request. */
async function loadFigures(
  context: Pick<BenchContext, 'server' | 'postmasterPid'>,
  url: string,
  seconds: number,
) {
  const serverBefore = cpuMs(context.server.pid);
  const postgresBefore = postgresCpuMs(context.postmasterPid);
  const run = await runLoad({ ...onePath(url), connections: CONNECTIONS, seconds });
  const perRequest = (ms: number) => round(ms / Math.max(1, run.requests), 3);
  return {
    requestsPerSec: run.requestsPerSec,
    p50: run.latencyMs.p50,
    p95: run.latencyMs.p95,
    p99: run.latencyMs.p99,
    non2xx: run.non2xx,
    errors: run.errors,
    serverCpuMsPerRequest: perRequest(cpuMs(context.server.pid) - serverBefore),
    postgresCpuMsPerRequest: perRequest(postgresCpuMs(context.postmasterPid) - postgresBefore),
  };
}

// ---- part: slots ----

const SLOTS_BUDGET_P95_MS = 10;
const SLOTS_TOURS = 200;

async function slotsPart(context: BenchContext): Promise<PartResult> {
  const { db, server, landlordId, renterId, listingId, siblingId } = context;
  // The same 200 tours every run: the previous run's are dropped first.
  await db.delete(tours).where(eq(tours.landlordId, landlordId));
  const today = Temporal.Now.plainDateISO(ZONE);
  const rows = Array.from({ length: SLOTS_TOURS }, (_, i) => {
    // 10 a day over 20 days from tomorrow, on the hour from 10:00 (09:00 stays free).
    const date = today.add({ days: 1 + Math.floor(i / 10) });
    const start = date.toZonedDateTime({
      timeZone: ZONE,
      plainTime: Temporal.PlainTime.from({ hour: 10 + (i % 10) }),
    });
    const startsAt = new Date(start.epochMilliseconds);
    return {
      listingId: i % 3 === 0 ? siblingId : listingId,
      renterId,
      landlordId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 20 * 60_000),
      type: 'in_person',
      status: i % 4 === 0 ? 'requested' : 'confirmed',
      idempotencyKey: randomUUID(),
    };
  });
  await db.insert(tours).values(rows);
  await db.execute(sql`analyze tours`);

  const from = today.toString();
  const to = today.add({ days: 20 }).toString();
  const url = `${server.baseUrl}/api/listings/${listingId}/tour-slots?from=${from}&to=${to}`;
  const check = await fetch(url);
  const body = (await check.json()) as { slots: unknown[] };
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  await loadFigures(context, url, WARMUP_S);
  const figures = { ...(await loadFigures(context, url, DURATION_S)), slots: body.slots.length };
  // The same load on the listing's own page, for scale on a shared machine.
  const listingUrl = `${server.baseUrl}/api/listings/${listingId}`;
  await loadFigures(context, listingUrl, WARMUP_S);
  const baseline = await loadFigures(context, listingUrl, DURATION_S);
  console.log(
    `GET /api/listings/{id} for scale: ${baseline.requestsPerSec} req/s, p50 ${baseline.p50} ms, ` +
      `p95 ${baseline.p95} ms`,
  );
  console.log(
    `GET tour-slots (21 days, ${SLOTS_TOURS} tours, ${body.slots.length} slots): ` +
      `${figures.requestsPerSec} req/s, p50 ${figures.p50} ms, p95 ${figures.p95} ms, ` +
      `p99 ${figures.p99} ms; CPU per request: server ${figures.serverCpuMsPerRequest} ms, ` +
      `PostgreSQL ${figures.postgresCpuMsPerRequest} ms (budget p95 <= ${SLOTS_BUDGET_P95_MS} ms: ` +
      `${figures.p95 <= SLOTS_BUDGET_P95_MS ? 'met' : 'NOT met'})`,
  );
  return {
    figures: {
      ...figures,
      connections: CONNECTIONS,
      budgetP95Ms: SLOTS_BUDGET_P95_MS,
      listingReadForScale: baseline,
    },
    pass: figures.non2xx === 0 && figures.errors === 0 && figures.p95 <= SLOTS_BUDGET_P95_MS,
  };
}

/** The parts, in the order `--part all` runs them. */
const PARTS: Record<string, (context: BenchContext) => Promise<PartResult>> = {
  slots: slotsPart,
  booking: (context) =>
    bookingPart({
      ...context,
      zone: ZONE,
      password: PASSWORD,
      domain: DOMAIN,
      rounds: Number(values.rounds),
      contenders: Number(values.contenders),
    }),
};

// ---- setup ----

async function setUp(db: Db) {
  const landlordId = (await benchUser(db, 'landlord', 'landlord')).id;
  const renterId = (await benchUser(db, 'renter', 'renter')).id;
  const [listingId, siblingId] = [stableUuid('bench-tours-a'), stableUuid('bench-tours-b')];
  const listing = (id: string, title: string) => ({
    id,
    landlordId,
    status: 'active',
    title,
    address: '215 Bedford Ave',
    neighborhood: 'williamsburg',
    borough: 'brooklyn',
    rentCents: 350_000,
    bedrooms: 1,
    bathrooms: 1,
    publishedAt: new Date(),
  });
  await db
    .insert(listings)
    .values([listing(listingId, 'Bench tours A'), listing(siblingId, 'Bench tours B')])
    .onConflictDoNothing();
  const weeklyHours = Object.fromEntries(
    WEEKDAYS.map((day) => [day, [{ start: '09:00', end: '21:00' }]]),
  ) as Record<(typeof WEEKDAYS)[number], { start: string; end: string }[]>;
  await db
    .insert(landlordAvailability)
    .values({ landlordId, timeZone: ZONE, weeklyHours, tourDefaults: DEFAULT_TOUR_SETTINGS })
    .onConflictDoNothing();
  await db
    .delete(listingTourSettings)
    .where(inArray(listingTourSettings.listingId, [listingId, siblingId]));
  return { landlordId, renterId, listingId, siblingId };
}

const names = values.part === 'all' ? Object.keys(PARTS) : [values.part as string];
for (const name of names) {
  if (!PARTS[name]) throw new Error(`--part ${name}: one of ${Object.keys(PARTS).join(', ')}, all`);
}
const loadAverage1m = round(os.loadavg()[0] ?? Number.NaN, 2);
fs.mkdirSync(DATA_DIR, { recursive: true });
let embedded: EmbeddedPostgres | undefined;
let url = process.env.DATABASE_URL;
if (!url) {
  embedded = await startEmbeddedPostgres({ dataDir: path.join(DATA_DIR, 'pg') });
  url = embedded.url;
}
const database = createDatabase(url, { max: 4 });
let server: BenchServer | undefined;
try {
  await runMigrations(url);
  const ids = await setUp(database.db);
  server = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', AUTH_IP_RATE_LIMITS: 'false' },
  });
  const context: BenchContext = {
    db: database.db,
    server,
    postmasterPid: embedded?.pid,
    ...ids,
  };
  const results: Record<string, PartResult> = {};
  for (const name of names) results[name] = await (PARTS[name] as typeof slotsPart)(context);
  const pass = Object.values(results).every((result) => result.pass);
  if (!pass) process.exitCode = 1;
  console.log(
    JSON.stringify({
      bench: 'tours',
      cpus: os.cpus().length,
      loadAverage1m,
      durationS: DURATION_S,
      parts: Object.fromEntries(Object.entries(results).map(([k, v]) => [k, v.figures])),
      pass,
    }),
  );
} finally {
  await stopBenchServer(server);
  await database.close();
  await embedded?.stop();
}
