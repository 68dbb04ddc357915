import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedPostgres, startEmbeddedPostgres } from '../db/embedded.ts';
import { runMigrations } from '../db/migrate.ts';
import { withDatabase } from './database-url.ts';
import { checkRecordedTraffic } from './openapi-contract-check.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A superuser connection to the test server (embedded, or DATABASE_URL). */
    adminUrl: string;
    /** A migrated database each test file copies. */
    templateDb: string;
    /** Where test apps write their answers for the OpenAPI contract check (openapi-traffic.ts). */
    openApiTrafficDir: string;
  }
}

/**
 * Where the test cluster lives: tmpfs (/dev/shm) when it has room. A pass makes ~170 databases,
 * a quarter of a million small files; on this machine's disk copying them took seconds a file and
 * removing them at the end took two minutes.
 */
function scratchParent(): string {
  const tmp = os.tmpdir();
  if (tmp.startsWith('/dev/shm')) return tmp;
  try {
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    if (bavail * bsize > 6 * 1024 ** 3) return '/dev/shm';
  } catch {
    // No tmpfs here: the disk it is.
  }
  return tmp;
}

/**
 * One PostgreSQL per run: the embedded one by default, or the server named by DATABASE_URL
 * (CI's Debian PostgreSQL pass). Migrations run once, into a template database.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedPostgres | undefined;
  let dataRoot: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataRoot = fs.mkdtempSync(path.join(scratchParent(), 'stoop-test-pg-'));
    fs.chmodSync(dataRoot, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(dataRoot, 'pg'), durable: false });
    adminUrl = embedded.url;
  }
  const templateDb = `stoop_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${templateDb}`);
  await admin.query(`create database ${templateDb}`);
  await admin.end();
  await runMigrations(withDatabase(adminUrl, templateDb));

  project.provide('adminUrl', adminUrl);
  project.provide('templateDb', templateDb);
  const trafficDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-openapi-traffic-'));
  project.provide('openApiTrafficDir', trafficDir);

  return async () => {
    await checkRecordedTraffic(trafficDir);
    fs.rmSync(trafficDir, { recursive: true, force: true });
    if (embedded) {
      await embedded.stop();
    } else {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      const { rows } = await cleanup.query<{ datname: string }>(
        `select datname from pg_database where datname like 'stoop_test_%' or datname = $1`,
        [templateDb],
      );
      for (const { datname } of rows) {
        await cleanup.query(`drop database if exists ${datname} with (force)`);
      }
      await cleanup.end();
    }
    if (dataRoot) fs.rmSync(dataRoot, { recursive: true, force: true });
  };
}
