/**
 * Server-rendered pages under load (issue 49 item 7, decision 075): the HTML of a listing page,
 * of `/search?…` and of `/about`, each at 20 connections for `--duration` seconds, beside the
 * JSON API's own answer for the same listing in the same run. Each figure says whether the page
 * was rendered (its HTML holds the hydration state) or was the app shell.
 *
 *   npx tsx bench/ssr.ts [--duration 10] [--connections 20] [--warmup 3]
 *
 * The server is the production build (`vite build` first: dist/ and dist-ssr/) on a temp
 * DATA_DIR with the demo data; the requests are a visitor's (no cookie). The last line printed
 * is JSON; the goal (p95 at most 40 ms for the two rendered pages) is reported, never asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { SSR_STATE_ID } from '../src/shared/ssr.ts';
import { onePath, runLoad } from './lib/load.ts';
import { startServer } from './lib/web-bench-server.ts';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
  },
});
const seconds = Number(values.duration);
const connections = Number(values.connections);
const warmup = Number(values.warmup);
const P95_GOAL_MS = 40;

/**
 * 750 different searches a page understands (5 boroughs, 5 bedroom counts, 3 sorts, 10 price
 * caps): more than the 500 pages the server keeps, so each is rendered afresh.
 */
const SEARCHES = ['manhattan', 'brooklyn', 'queens', 'bronx', 'staten-island'].flatMap((borough) =>
  ['0', '1', '2', '3', '4'].flatMap((bedrooms) =>
    ['newest', 'price_asc', 'price_desc'].flatMap((sort) =>
      [2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 10000].map(
        (price) => `boroughs=${borough}&bedrooms=${bedrooms}&sort=${sort}&maxPrice=${price}`,
      ),
    ),
  ),
);

const repo = path.resolve(import.meta.dirname, '..');
for (const built of ['dist/index.html', 'dist-ssr/entry-server.js']) {
  if (!fs.existsSync(path.join(repo, built)))
    throw new Error(`${built} is missing: run vite build.`);
}
// The server serves `cwd/dist` with `cwd/dist-ssr` beside it, and keeps its data in `cwd/data`.
const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-bench-ssr-'));
fs.chmodSync(cwd, 0o755); // the postgres OS user must reach its DATA_DIR
fs.symlinkSync(path.join(repo, 'dist'), path.join(cwd, 'dist'));
fs.symlinkSync(path.join(repo, 'dist-ssr'), path.join(cwd, 'dist-ssr'));
const { child, baseUrl } = await startServer(cwd, path.join(cwd, 'server.log'));

try {
  // Every active listing's id, through the sitemap (the demo has 2,000).
  const sitemap = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const ids = [...sitemap.matchAll(/\/listings\/([0-9a-f-]{36})</g)].map((m) => m[1] as string);
  const id = ids[0];
  if (!id || ids.length < 1_000) throw new Error('Under 1,000 listings: is the demo data seeded?');
  const targets = [
    { name: 'listing page', path: `/listings/${id}`, goal: true },
    // More listings than the server keeps rendered (500): every one is rendered afresh.
    {
      name: 'listings 1,000',
      path: '/listings/{1,000 ids in turn}',
      goal: true,
      rotate: ids.slice(0, 1_000).map((each) => `/listings/${each}`),
    },
    { name: 'search page', path: '/search?boroughs=brooklyn&bedrooms=2', goal: true },
    // Searches no one asked for in the last 10 s: each rendered afresh.
    {
      name: 'searches 750',
      path: '/search?{750 searches in turn}',
      goal: true,
      rotate: SEARCHES.map((search) => `/search?${search}`),
    },
    { name: 'about page', path: '/about', goal: false },
    { name: 'listing API', path: `/api/listings/${id}`, goal: false },
    // The same 1,000 listings as JSON: what the database and the API cost without a page.
    {
      name: 'listing API 1,000',
      path: '/api/listings/{1,000 ids in turn}',
      goal: false,
      rotate: ids.slice(0, 1_000).map((each) => `/api/listings/${each}`),
    },
  ];
  const figures = [];
  for (const target of targets) {
    const url = `${baseUrl}${target.path}`;
    const firstUrl = target.rotate ? `${baseUrl}${target.rotate[1]}` : url;
    const first = await fetch(firstUrl, { headers: { 'User-Agent': 'stoop-bench' } });
    const body = await first.text();
    const rendered = target.path.startsWith('/api/') ? null : body.includes(SSR_STATE_ID);
    const { origin, plan } = target.rotate
      ? {
          origin: baseUrl,
          plan: target.rotate.map((each) => ({
            shape: target.name,
            path: each,
            headers: { 'User-Agent': 'stoop-bench' },
          })),
        }
      : onePath(url, { 'User-Agent': 'stoop-bench' });
    if (warmup > 0) await runLoad({ origin, plan, connections, seconds: warmup });
    const load = await runLoad({ origin, plan, connections, seconds });
    const figure = {
      name: target.name,
      path: target.path.replace(id, '{id}'),
      status: first.status,
      rendered,
      bytes: Buffer.byteLength(body),
      requestsPerSec: load.requestsPerSec,
      latencyMs: load.latencyMs,
      non2xx: load.non2xx,
      errors: load.errors,
      ...(target.goal
        ? { p95GoalMs: P95_GOAL_MS, meetsGoal: load.latencyMs.p95 <= P95_GOAL_MS }
        : {}),
    };
    figures.push(figure);
    console.log(
      `${figure.name.padEnd(13)} ${String(figure.status)} rendered=${String(rendered)} ` +
        `${figure.requestsPerSec} req/s p50 ${figure.latencyMs.p50} ms p95 ${figure.latencyMs.p95} ms`,
    );
  }
  const page = figures[0];
  const api = figures.find((f) => f.name === 'listing API');
  const freshPage = figures.find((f) => f.name === 'listings 1,000');
  const freshApi = figures.find((f) => f.name === 'listing API 1,000');
  console.log(
    JSON.stringify({
      bench: 'ssr',
      connections,
      seconds,
      cpus: os.cpus().length,
      figures,
      listingPageVsApi:
        page && api ? Math.round((page.requestsPerSec / api.requestsPerSec) * 100) / 100 : null,
      freshListingPageVsApi:
        freshPage && freshApi
          ? Math.round((freshPage.requestsPerSec / freshApi.requestsPerSec) * 100) / 100
          : null,
    }),
  );
} finally {
  try {
    process.kill(-(child.pid ?? 0), 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
  await new Promise((resolve) => setTimeout(resolve, 2000));
  fs.rmSync(cwd, { recursive: true, force: true });
}
