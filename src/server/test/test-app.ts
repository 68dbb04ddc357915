import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { createApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { appJobs } from '../jobs.ts';
import { createLogger } from '../lib/logger.ts';
import { buildDeps } from '../runtime.ts';
import { withDatabase } from './database-url.ts';
import { recordTraffic } from './openapi-traffic.ts';

export const TEST_BASE_URL = 'http://localhost:3000';
export const TEST_PASSWORD = 'correct-horse-battery';

/** A fresh database for this test file, copied from the migrated template (tens of ms). */
export async function createTestDatabase() {
  const adminUrl = inject('adminUrl');
  const name = `stoop_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('templateDb')}`);
  await admin.end();
  return { name, url: withDatabase(adminUrl, name) };
}

/**
 * The app exactly as production builds it, on its own database, driven with `app.request()`.
 * Closed automatically after the file's tests.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    ipRateLimits?: boolean;
    database?: string;
    /** Run the modules' recurring jobs too. */
    schedule?: boolean;
  } = {},
) {
  const url = options.database ?? (await createTestDatabase()).url;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-test-data-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    // npm test's shared folder of drawn demo photos (seed-photo-cache.ts), when it set one.
    ...(process.env.SEED_PHOTO_CACHE_DIR
      ? { SEED_PHOTO_CACHE_DIR: process.env.SEED_PHOTO_CACHE_DIR }
      : {}),
    ...options.env,
  });
  const database = createDatabase(url, { max: 5 });
  const deps = buildDeps(env, createLogger('silent'), database, {
    ipRateLimits: options.ipRateLimits ?? false,
  });
  const app = createApp({ ...deps, webRoot: undefined });
  // Every answer goes to the OpenAPI contract check of the global teardown.
  const trafficDir = inject('openApiTrafficDir');
  if (trafficDir) {
    const file = expect.getState().testPath;
    recordTraffic(app, trafficDir, file && path.relative(process.cwd(), file));
  }
  // Jobs run as on a server (mail goes out through them); the hourly schedule only when asked,
  // so a prune cannot land in the middle of a test that counts rows.
  const jobs = appJobs(deps);
  await deps.jobs.start({ tasks: jobs.tasks, schedule: options.schedule ? jobs.schedule : [] });
  afterAll(async () => {
    await deps.jobs.stop();
    await deps.events.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, deps, db: database.db, url, client: new ApiClient(app) };
}

type RequestApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/** A cookie-jar client over `app.request()`, like one browser. */
export class ApiClient {
  cookie = '';
  constructor(private readonly app: RequestApp) {}

  async request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const init: RequestInit = {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    };
    const res = await this.app.request(url, init);
    const setCookies = res.headers.getSetCookie();
    for (const line of setCookies) this.storeCookie(line);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, undefined, headers);
  }

  post(url: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request('POST', url, body, headers);
  }

  patch(url: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PATCH', url, body, headers);
  }

  put(url: string, body: unknown, headers?: Record<string, string>) {
    return this.request('PUT', url, body, headers);
  }

  delete(url: string, body?: unknown, headers?: Record<string, string>) {
    return this.request('DELETE', url, body, headers);
  }

  /** A second "browser" on the same app. */
  fork(): ApiClient {
    return new ApiClient(this.app);
  }

  async signUp(input: {
    email?: string;
    password?: string;
    name?: string;
    userType?: 'renter' | 'landlord';
  }) {
    const body = {
      email: input.email ?? uniqueEmail(),
      password: input.password ?? TEST_PASSWORD,
      name: input.name ?? 'Test Person',
      userType: input.userType ?? 'renter',
    };
    const res = await this.post('/api/auth/sign-up/email', body);
    if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
    return body;
  }

  async signIn(email: string, password: string = TEST_PASSWORD) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  private storeCookie(line: string) {
    const [pair] = line.split(';');
    if (!pair) return;
    const [name] = pair.split('=');
    const jar = new Map(
      this.cookie
        .split('; ')
        .filter(Boolean)
        .map((c) => [c.split('=')[0], c] as const),
    );
    if (/max-age=0/i.test(line) || pair.endsWith('=')) jar.delete(name);
    else jar.set(name, pair);
    this.cookie = [...jar.values()].join('; ');
  }
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString('hex')}@stoop.test`;
}
