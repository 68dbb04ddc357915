/**
 * Stoop against Node's floor (issue 30): the two requests the goal names, Stoop's answers to
 * them recorded byte for byte, a bare `node:http` server answering those bytes
 * (bare-server.ts) in its own process, and Stoop / bare rounds taken in turn so the machine's
 * other load falls on both alike. Used by bench/api-baseline.ts and bench/api-profile.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  REPO_ROOT,
  type ServerProcess,
  spawnServer,
  waitHealthy,
} from '../../src/server/test/server-process.ts';
import type { RecordedAnswer } from './bare-server.ts';
import { onePath, runLoad } from './load.ts';
import { cpuMs, round } from './stats.ts';

/**
 * The requests measured against the floor, and the share of the floor's req/s each must reach.
 * The search: a visitor's (no cookie) first page of Brooklyn one-bedrooms between $2,000 and
 * $4,500, cheapest first: four filters and a sort, as the search page sends them, 20 listings
 * (about 22 KB of JSON) over the demo data.
 */
export const FLOOR_REQUESTS = [
  { name: 'me', label: 'GET /api/me (session)', path: '/api/me', session: true, goal: 0.25 },
  {
    name: 'search',
    label: 'GET /api/listings (a filtered search)',
    path: '/api/listings?boroughs=brooklyn&minPrice=2000&maxPrice=4500&bedrooms=1&sort=price_asc',
    session: false,
    goal: 0.2,
  },
] as const;

export type FloorRequest = (typeof FLOOR_REQUESTS)[number];

/** Headers Node writes itself on every answer, to both servers alike: not recorded. */
const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** One GET's status, headers (as sent, Node's own left out) and body, over one connection. */
export async function recordAnswer(
  baseUrl: string,
  pathWithQuery: string,
  headers: Record<string, string> = {},
): Promise<RecordedAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(new URL(pathWithQuery, baseUrl), { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (!NODE_OWN_HEADERS.has(name.toLowerCase()))
            pairs.push([name, res.rawHeaders[i + 1] as string]);
        }
        resolve({
          status: res.statusCode ?? 0,
          headers: pairs,
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    req.on('error', reject);
  });
}

/** Differences between two recorded answers, the request id's value aside (one per request). */
export function answerDifferences(a: RecordedAnswer, b: RecordedAnswer): string[] {
  const differences: string[] = [];
  if (a.status !== b.status) differences.push(`status ${a.status} / ${b.status}`);
  if (a.body !== b.body) differences.push('body');
  const shown = (answer: RecordedAnswer) =>
    answer.headers
      .map(([name, value]) =>
        name.toLowerCase() === 'x-request-id' ? `${name}: (an id)` : `${name}: ${value}`,
      )
      .join('\n');
  if (shown(a) !== shown(b)) differences.push(`headers:\n${shown(a)}\n---\n${shown(b)}`);
  return differences;
}

/** The bare server on `answers`, in its own process, healthy. */
export async function startBareServer(
  dataDir: string,
  answers: Record<string, RecordedAnswer>,
): Promise<ServerProcess> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'answers.json');
  fs.writeFileSync(file, JSON.stringify(answers));
  const server = await spawnServer({
    dataDir,
    command: [
      process.execPath,
      '--import',
      'tsx',
      path.join(REPO_ROOT, 'bench/lib/bare-server.ts'),
      file,
    ],
  });
  await waitHealthy(server);
  return server;
}

export type RoundFigures = {
  requestsPerSec: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** The server process's CPU (user + system) per answered request, in µs. */
  cpuUsPerRequest: number;
  non2xx: number;
  errors: number;
};

/** One round of `seconds` on one server, with that server's CPU over it. */
export async function loadRound(
  server: ServerProcess,
  pathWithQuery: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
): Promise<RoundFigures> {
  const cpuBefore = cpuMs(server.pid);
  const run = await runLoad({
    ...onePath(`${server.baseUrl}${pathWithQuery}`, headers),
    connections,
    seconds,
  });
  const cpu = cpuMs(server.pid) - cpuBefore;
  return {
    requestsPerSec: run.requestsPerSec,
    requests: run.requests,
    p50Ms: run.latencyMs.p50,
    p99Ms: run.latencyMs.p99,
    cpuUsPerRequest: run.requests > 0 ? round((cpu * 1000) / run.requests, 1) : Number.NaN,
    non2xx: run.non2xx,
    errors: run.errors,
  };
}

export type FloorFigures = {
  path: string;
  rounds: { stoop: RoundFigures; bare: RoundFigures }[];
  stoop: { requestsPerSec: number; cpuUsPerRequest: number };
  bare: { requestsPerSec: number; cpuUsPerRequest: number };
  /** Stoop's req/s over the bare server's, over all rounds (requests over time, each side). */
  ratio: number;
  /** The lowest and highest ratio of one Stoop round to the bare round after it. */
  roundRatios: { min: number; max: number };
  /**
   * The bare server's CPU a request over Stoop's: the share of the floor's throughput Stoop
   * would reach with a core each. The req/s ratio is capped by the load generator: on two
   * cores it has one, and it cannot drive the bare server to its own limit.
   */
  cpuRatio: number;
  goal: number;
  met: boolean;
  cpuMet: boolean;
};

/**
 * Stoop, bare, Stoop, bare … `rounds` times each, same connections and duration, after one
 * untimed warm-up round each.
 */
export async function interleaved(
  request: FloorRequest,
  servers: { stoop: ServerProcess; bare: ServerProcess },
  headers: Record<string, string>,
  options: { rounds: number; seconds: number; warmupS: number; connections: number },
): Promise<FloorFigures> {
  const { connections, seconds } = options;
  if (options.warmupS > 0) {
    await loadRound(servers.stoop, request.path, headers, connections, options.warmupS);
    await loadRound(servers.bare, request.path, headers, connections, options.warmupS);
  }
  const rounds: FloorFigures['rounds'] = [];
  for (let i = 0; i < options.rounds; i += 1) {
    const stoop = await loadRound(servers.stoop, request.path, headers, connections, seconds);
    const bare = await loadRound(servers.bare, request.path, headers, connections, seconds);
    rounds.push({ stoop, bare });
  }
  const total = (side: 'stoop' | 'bare') => {
    const requests = rounds.reduce((sum, r) => sum + r[side].requests, 0);
    const cpuUs = rounds.reduce((sum, r) => sum + r[side].cpuUsPerRequest * r[side].requests, 0);
    return {
      requestsPerSec: round(requests / (rounds.length * seconds), 0),
      cpuUsPerRequest: round(cpuUs / requests, 1),
    };
  };
  const stoop = total('stoop');
  const bare = total('bare');
  const ratio = round(stoop.requestsPerSec / bare.requestsPerSec, 3);
  const ratios = rounds.map((r) => r.stoop.requestsPerSec / r.bare.requestsPerSec);
  const cpuRatio = round(bare.cpuUsPerRequest / stoop.cpuUsPerRequest, 3);
  return {
    path: request.path,
    rounds,
    stoop,
    bare,
    ratio,
    roundRatios: { min: round(Math.min(...ratios), 3), max: round(Math.max(...ratios), 3) },
    cpuRatio,
    goal: request.goal,
    met: ratio >= request.goal,
    cpuMet: cpuRatio >= request.goal,
  };
}
