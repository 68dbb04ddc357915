/** One autocannon runner for the benchmarks: closed-loop load, latencies kept per request. */
import autocannon from 'autocannon';
import { round, summary } from './stats.ts';

/** One request of a mix; `shape` groups the latencies (a kind of search, a page). */
export type PlannedRequest = { shape: string; path: string; headers?: Record<string, string> };

export type LoadOptions = {
  /** The server's origin (`http://127.0.0.1:port`). */
  origin: string;
  /** The requests, sent round-robin across all connections. */
  plan: readonly PlannedRequest[];
  connections: number;
  seconds: number;
};

/** What autocannon keeps per connection between a request and its response. */
type Timing = { shape: string; path: string; started: number };

function push(map: Map<string, number[]>, key: string, ms: number) {
  const list = map.get(key);
  if (list) list.push(ms);
  else map.set(key, [ms]);
}

/**
 * Runs autocannon for `seconds` with `connections` clients over `plan`. A latency runs from
 * building the request to its whole response and is kept for 2xx answers only; `non2xx`,
 * `errors` and `timeouts` are autocannon's counts.
 */
export async function runLoad({ origin, plan, connections, seconds }: LoadOptions) {
  if (plan.length === 0) throw new Error('runLoad: nothing to request');
  const all: number[] = [];
  const byShape = new Map<string, number[]>();
  const byPath = new Map<string, number[]>();
  let next = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    autocannon(
      {
        url: origin,
        connections,
        duration: seconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (request, ctx) => {
              const context = ctx as Timing;
              const planned = plan[next % plan.length] as PlannedRequest;
              next += 1;
              context.shape = planned.shape;
              context.path = planned.path;
              context.started = performance.now();
              return {
                ...request,
                path: planned.path,
                headers: { ...request.headers, ...planned.headers },
              };
            },
            onResponse: (status, _body, ctx) => {
              if (status < 200 || status >= 300) return;
              const context = ctx as Timing;
              const ms = performance.now() - context.started;
              all.push(ms);
              push(byShape, context.shape, ms);
              push(byPath, context.path, ms);
            },
          },
        ],
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
  });
  return {
    requestsPerSec: round(result.requests.average, 0),
    requests: result.requests.total,
    /** n, p50, p95, p99 and max of the 2xx latencies, in ms. */
    latencyMs: summary(all),
    /** The 2xx latencies in the order they came (for CPU per request and the like). */
    latencies: all,
    byShape,
    byPath,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** One URL (with its headers) under load: the plan of a single-read benchmark. */
export function onePath(url: string, headers?: Record<string, string>) {
  const { origin, pathname, search } = new URL(url);
  const plan: PlannedRequest[] = [
    { shape: pathname, path: pathname + search, ...(headers ? { headers } : {}) },
  ];
  return { origin, plan };
}
