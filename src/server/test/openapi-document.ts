import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { buildDeps } from '../runtime.ts';
import type { OpenApiDoc } from './openapi-contract.ts';

/**
 * /api/openapi.json as the app serves it, built without a database: the pool never connects
 * because nothing but the document is asked for.
 */
export async function loadOpenApiDocument(): Promise<OpenApiDoc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-openapi-'));
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    BASE_URL: 'http://localhost:3000',
    BETTER_AUTH_SECRET: 'openapi-check-secret-openapi-check-0123',
  });
  const database = createDatabase('postgres://nobody@127.0.0.1:1/none', { max: 1 });
  try {
    const deps = buildDeps(env, createLogger('silent'), database);
    const app = createApp({ ...deps, webRoot: undefined });
    const res = await app.request('/api/openapi.json');
    if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}`);
    const doc = (await res.json()) as OpenApiDoc;
    await deps.events.close();
    return doc;
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
