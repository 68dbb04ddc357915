/**
 * Rental applications benchmark (issue 28). One database (DATABASE_URL, or an embedded PostgreSQL
 * under --data-dir, default data/bench-applications, reused between runs) with a bench landlord
 * who has 300 active listings and 5,000 applications on them from 100 renters (each with a
 * profile copy, a document and a timeline of two to four entries, in every state); then the real
 * server as its own process (built first) and GET /api/applications, signed in as that landlord,
 * at --connections clients (default 20): the first page, and one listing's page. Budget: p95 <=
 * 30 ms for the first page.
 *
 *   npx tsx bench/applications.ts [--duration 10] [--warmup 3] [--connections 20]
 *                                 [--data-dir data/bench-applications]
 *
 * The last line printed is JSON.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { createDatabase, type Db } from '../src/server/db/client.ts';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../src/server/db/embedded.ts';
import { runMigrations } from '../src/server/db/migrate.ts';
import { stableUuid } from '../src/server/seed/seed-listings.ts';
import { REPO_ROOT, signIn } from '../src/server/test/server-process.ts';
import { ApplicationsPageSchema } from '../src/shared/schemas/applications.ts';
import { benchUsers } from './lib/bench-users.ts';
import { onePath, runLoad } from './lib/load.ts';
import { cpuDelta, postgresCpu } from './lib/proc.ts';
import { type BenchServer, startBenchServer, stopBenchServer } from './lib/server.ts';
import { cpuMs, round } from './lib/stats.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '20' },
    'data-dir': { type: 'string', default: 'data/bench-applications' },
  },
});
const DURATION_S = Number(values.duration);
const WARMUP_S = Number(values.warmup);
const CONNECTIONS = Number(values.connections);
const DATA_DIR = path.resolve(REPO_ROOT, values['data-dir'] as string);
const PASSWORD = 'bench-applications-2026';
const DOMAIN = 'bench-applications.test';
const benchUser = benchUsers(DOMAIN, PASSWORD);
const LISTINGS = 300;
const RENTERS = 100;
const APPLICATIONS = 5_000;
const BUDGET_P95_MS = 30;

/** The bench landlord's world; rebuilt every run (listings cascade to their applications). */
async function setUp(db: Db) {
  const landlordId = (await benchUser(db, 'landlord', 'landlord')).id;
  const renterIds: string[] = [];
  for (let i = 0; i < RENTERS; i += 1)
    renterIds.push((await benchUser(db, `renter-${i}`, 'renter')).id);
  await db.execute(sql`delete from listings where landlord_id = ${landlordId}`);
  await db.execute(
    sql`delete from renter_documents where user_id = any(${sql.param(renterIds)}::uuid[])`,
  );
  const ids = Array.from({ length: LISTINGS }, (_, i) => stableUuid(`bench-applications-${i}`));
  await db.execute(sql`
    insert into listings (id, landlord_id, status, title, address, neighborhood, borough,
      rent_cents, bedrooms, bathrooms, published_at, created_at)
    select id, ${landlordId}, 'active', 'Bench applications ' || n, n || ' Bedford Ave',
      'williamsburg', 'brooklyn', 300000 + n * 100, n % 4, 1, now(), now()
    from unnest(${sql.param(ids)}::uuid[]) with ordinality as t(id, n)`);
  // One document a renter, sent with each of their applications.
  await db.execute(sql`
    insert into renter_documents (id, user_id, kind, name, size, content_type, storage_key)
    select gen_random_uuid(), r.id, 'pay_stub', 'pay-stub.pdf', 48213, 'application/pdf',
      'private/documents/' || md5(r.id::text) || '.bin'
    from unnest(${sql.param(renterIds)}::uuid[]) as r(id)`);
  const profile = {
    legalName: 'Bench Renter',
    phone: '718 555 0100',
    currentAddress: '1 Bench St, Brooklyn',
    moveInDate: '2027-03-01',
    occupants: 2,
    pets: [{ kind: 'cat', count: 1 }],
    incomes: [
      {
        source: 'employment',
        employer: 'Acme',
        title: 'Engineer',
        since: '2022-01',
        monthlyCents: 1_200_000,
      },
    ],
    rentalHistory: [
      { address: '2 Old St, Queens', from: '2020-01', to: '2024-12', monthlyRentCents: 250_000 },
    ],
    about: 'Quiet, tidy, on time.',
  };
  const criteria = {
    acceptingApplications: true,
    incomeMultiple: 40,
    guarantorIncomeMultiple: 80,
    requiredDocuments: ['pay_stub'],
  };
  // Applications spread over the listings and renters (one per pair) and 59 days, every state.
  await db.execute(sql`
    insert into applications (id, listing_id, renter_id, landlord_id, status, profile, criteria,
      rent_cents, message, idempotency_key, submitted_at, updated_at, closed_at)
    select gen_random_uuid(), l.id, r.id, ${landlordId},
      s.status, ${JSON.stringify(profile)}::jsonb, ${JSON.stringify(criteria)}::jsonb,
      l.rent_cents, 'Hello, I would love to see it.', 'bench-' || i,
      now() - (i || ' minutes')::interval * 17, now(),
      case when s.status in ('submitted', 'info_requested', 'offered') then null else now() end
    from generate_series(0, ${APPLICATIONS - 1}) i
    cross join lateral (select id, rent_cents from listings where landlord_id = ${landlordId}
      order by id offset (i % ${LISTINGS}) limit 1) l
    cross join lateral (select (${sql.param(renterIds)}::uuid[])[1 + (i / ${LISTINGS}) % ${RENTERS}] as id) r
    cross join lateral (select (array['submitted', 'info_requested', 'offered', 'declined',
      'withdrawn', 'offer_rejected', 'closed'])[1 + i % 7] as status) s
    on conflict do nothing`);
  await db.execute(sql`
    insert into application_documents (application_id, document_id, sent_document_id, kind,
      name, size, content_type, position)
    select a.id, d.id, d.id, d.kind, d.name, d.size, d.content_type, 0
    from applications a join renter_documents d on d.user_id = a.renter_id
    where a.landlord_id = ${landlordId}`);
  await db.execute(sql`
    insert into application_events (application_id, kind, by, detail, at)
    select a.id, e.kind, e.by, e.detail, a.submitted_at + e.lag
    from applications a cross join lateral (values
      ('submitted', 'renter', null, interval '0'),
      ('viewed', 'landlord', null, interval '1 hour'),
      ('document_opened', 'landlord', 'pay-stub.pdf', interval '2 hours')) as e(kind, by, detail, lag)
    where a.landlord_id = ${landlordId}`);
  await db.execute(sql`analyze`);
  const [count] = await db
    .execute<{ n: number }>(
      sql`select count(*)::int as n from applications where landlord_id = ${landlordId}`,
    )
    .then((r) => r.rows);
  return { landlordId, listingId: ids[0] as string, applications: count?.n ?? 0 };
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
  const world = await setUp(database.db);
  server = await startBenchServer({
    databaseUrl: url,
    dataDir: DATA_DIR,
    env: { LOG_LEVEL: 'warn', AUTH_IP_RATE_LIMITS: 'false' },
    nodeFlags: process.env.BENCH_CPU_PROF
      ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
      : [],
  });
  const cookie = await signIn(server.baseUrl, `landlord@${DOMAIN}`, PASSWORD);
  const firstPage = `${server.baseUrl}/api/applications`;
  const oneListing = `${firstPage}?listingId=${world.listingId}`;
  const check = await fetch(firstPage, { headers: { cookie } });
  if (check.status !== 200) throw new Error(`${firstPage} answered ${check.status}`);
  const page = ApplicationsPageSchema.parse(await check.json());
  const serverPid = server.pid;
  const load = async (seconds: number, target: string) => {
    // CPU a request of the server and of PostgreSQL (embedded only): where the time goes.
    const serverBefore = cpuMs(serverPid);
    const postgresBefore = postgresCpu(embedded?.pid);
    const run = await runLoad({
      ...onePath(target, { cookie }),
      connections: CONNECTIONS,
      seconds,
    });
    const requests = run.requestsPerSec * seconds;
    return {
      requestsPerSec: run.requestsPerSec,
      p50: run.latencyMs.p50,
      p95: run.latencyMs.p95,
      p99: run.latencyMs.p99,
      non2xx: run.non2xx,
      errors: run.errors,
      serverCpuMsPerRequest: round((cpuMs(serverPid) - serverBefore) / requests, 3),
      postgresCpuMsPerRequest: embedded
        ? round(cpuDelta(postgresBefore, postgresCpu(embedded.pid)) / requests, 3)
        : null,
    };
  };
  await load(WARMUP_S, firstPage);
  const figures = await load(DURATION_S, firstPage);
  const listingPage = await load(DURATION_S / 2, oneListing);
  const pass = figures.non2xx === 0 && figures.errors === 0 && figures.p95 <= BUDGET_P95_MS;
  if (!pass) process.exitCode = 1;
  console.log(
    `GET /api/applications (${world.applications} applications on ${LISTINGS} listings, ` +
      `${page.items.length} a page): ${figures.requestsPerSec} req/s, p50 ${figures.p50} ms, ` +
      `p95 ${figures.p95} ms, p99 ${figures.p99} ms, CPU a request: server ` +
      `${figures.serverCpuMsPerRequest} ms, PostgreSQL ${figures.postgresCpuMsPerRequest ?? '-'} ms ` +
      `(budget p95 <= ${BUDGET_P95_MS} ms: ${figures.p95 <= BUDGET_P95_MS ? 'met' : 'NOT met'}); ` +
      `one listing's: p95 ${listingPage.p95} ms`,
  );
  console.log(
    JSON.stringify({
      bench: 'applications',
      cpus: os.cpus().length,
      loadAverage1m,
      durationS: DURATION_S,
      connections: CONNECTIONS,
      budgetP95Ms: BUDGET_P95_MS,
      applications: world.applications,
      pageSize: page.items.length,
      firstPage: figures,
      oneListing: listingPage,
      pass,
    }),
  );
} finally {
  await stopBenchServer(server);
  await database.close();
  await embedded?.stop();
}
