/**
 * The real server a web bench measures (bench/web-budget.ts, bench/page-profile.ts): production
 * on a temp DATA_DIR, serving the build in `cwd/dist`, with the demo accounts signed in and the
 * ids of the pages that take one.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEMO_PASSWORD } from '../../src/server/seed/seed.ts';
import { signIn } from '../../src/server/test/server-process.ts';
import { freePort, waitFor } from './processes.ts';
import { DEMO_EMAIL, type DemoRole, type Ids } from './web-pages.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The real server on a temp DATA_DIR, serving the build in `cwd/dist`: production, with the
 * demo data and billing's test mode turned on by hand (both are off by default there).
 */
export async function startServer(cwd: string, logFile: string) {
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = path.join(cwd, 'data');
  const tsx = pathToFileURL(path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs'));
  const log = fs.openSync(logFile, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    DATA_DIR: dataDir,
    BASE_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'true',
    BILLING_TEST_MODE: 'true',
  };
  delete env.DATABASE_URL;
  const child = spawn(
    process.execPath,
    ['--import', tsx.href, path.join(REPO_ROOT, 'src', 'server', 'index.ts')],
    { cwd, env, stdio: ['ignore', log, log], detached: true },
  );
  fs.closeSync(log);
  await waitFor(`${baseUrl}/api/health`, 180_000, child);
  return { child, baseUrl };
}

async function getJson<T>(url: string, cookie?: string): Promise<T> {
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}.`);
  return (await res.json()) as T;
}

/** The ids the pages with a parameter show, from the demo data through the API. */
export async function pickIds(baseUrl: string, cookies: Record<DemoRole, string>): Promise<Ids> {
  type Items = { items: { id: string; photoCount?: number }[] };
  const listings = await getJson<Items>(`${baseUrl}/api/listings?sort=newest`);
  // The newest active listing with photos.
  const listing = listings.items.find((item) => (item.photoCount ?? 0) > 0);
  if (!listing) throw new Error('No active listing with photos: is the demo data seeded?');
  const applications = await getJson<Items>(`${baseUrl}/api/applications`, cookies.landlord);
  const application = applications.items[0];
  if (!application) throw new Error('The demo landlord has no application: is the demo seeded?');
  const invoices = await getJson<Items>(`${baseUrl}/api/billing/invoices`, cookies.landlord);
  return {
    listing: listing.id,
    landlordApplication: application.id,
    invoice: invoices.items[0]?.id ?? null,
  };
}

export async function signInAll(baseUrl: string): Promise<Record<DemoRole, string>> {
  return {
    landlord: await signIn(baseUrl, DEMO_EMAIL.landlord, DEMO_PASSWORD),
    renter: await signIn(baseUrl, DEMO_EMAIL.renter, DEMO_PASSWORD),
    admin: await signIn(baseUrl, DEMO_EMAIL.admin, DEMO_PASSWORD),
  };
}
