import fs from 'node:fs';
import path from 'node:path';

/** One answer the API gave in a test, as the OpenAPI contract check reads it. */
export type TrafficRecord = {
  method: string;
  /** The URL path, without the query. */
  path: string;
  status: number;
  contentType: string;
  /** The parsed body of a JSON answer; absent for every other kind. */
  body?: unknown;
  /** The test file that made the request, to point at it when the answer is wrong. */
  file?: string;
};

type RequestApp = {
  request: (
    input: string | Request | URL,
    init?: RequestInit,
    ...rest: never[]
  ) => Response | Promise<Response>;
};

/**
 * Makes `app.request()` write each answer to `dir` (one JSON line each, a file per worker
 * process), for the contract check the api project's global teardown runs on the whole suite.
 */
export function recordTraffic(app: RequestApp, dir: string, file?: string) {
  const out = path.join(dir, `${process.pid}.jsonl`);
  const request = app.request.bind(app);
  // The rest (the connection info a test hands in as Env) passes through untouched.
  app.request = async (input, init, ...rest) => {
    const res = await request(input, init, ...rest);
    const url = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost');
    const contentType = res.headers.get('content-type') ?? '';
    const record: TrafficRecord = {
      method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
      path: url.pathname,
      status: res.status,
      contentType,
      file,
    };
    // Only JSON is read: a clone of a stream (server-sent events) would wait for its end.
    if (/^application\/(.+\+)?json/.test(contentType)) {
      const text = await res.clone().text();
      try {
        record.body = JSON.parse(text);
      } catch {
        record.body = text;
      }
    }
    if (url.pathname.startsWith('/api/')) fs.appendFileSync(out, `${JSON.stringify(record)}\n`);
    return res;
  };
}

export function readTraffic(dir: string): TrafficRecord[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      fs
        .readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TrafficRecord),
    );
}
