import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { extract as extractTar } from 'tar';
import { migrateJobSchema } from '../../lib/jobs/runner.ts';
import { MIGRATIONS_DIR, runMigrations } from '../migrate.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupManifest,
  qualified,
  quoteIdent,
  readJournal,
} from './backup-format.ts';
import { ServerRunningError } from './maintenance-connection.ts';

export type RestoreOptions = {
  url: string;
  file: string;
  /** DATA_DIR/media with local media storage; undefined with S3. */
  mediaDir: string | undefined;
  /** A scratch folder on the media's file system (the archive is unpacked there). */
  workDir: string;
};

export type RestoreResult = {
  manifest: BackupManifest;
  rows: number;
  /** What happened to the photos, for the operator. */
  media: string;
};

/**
 * Replaces the database (and the local media) with a backup's: the schema at the backup's
 * migration level, every table's rows through COPY in dependency order, the sequences, then the
 * migrations this version adds. Nothing else may be connected meanwhile (decision 040).
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const work = fs.mkdtempSync(path.join(options.workDir, '.restore-'));
  try {
    await extractTar({ file: options.file, cwd: work, strict: true }).catch((error: Error) => {
      throw new Error(`${options.file} is not a Stoop backup archive: ${error.message}`);
    });
    const manifest = readManifest(work, options.file);
    const migrationsDir = migrationsUpTo(manifest, work);
    const client = new pg.Client({ connectionString: options.url });
    client.on('error', () => {});
    await client.connect();
    let rows = 0;
    try {
      await refuseOtherConnections(client);
      await client.query(
        `drop schema if exists graphile_worker cascade;
         drop schema if exists drizzle cascade;
         drop schema if exists public cascade;
         create schema public;`,
      );
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      await migrateJobSchema(options.url);
      rows = await loadTables(client, manifest, work);
    } finally {
      await client.end().catch(() => {});
    }
    // The migrations this version has and the backup's did not.
    await runMigrations(options.url);
    const media = restoreMedia(manifest, work, options.mediaDir);
    return { manifest, rows, media };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function readManifest(dir: string, file: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  } catch {
    throw new Error(`${file} is not a Stoop backup archive (no manifest.json).`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new Error(
      `${file} is a backup of format ${manifest.format} ${manifest.version}; this Stoop reads ${BACKUP_FORMAT} ${BACKUP_VERSION}.`,
    );
  }
  return manifest;
}

/**
 * A migrations folder holding the committed migrations up to the backup's level: the rows fit
 * the schema they were copied from, and the later migrations then convert them as they would
 * have converted the live database.
 */
function migrationsUpTo(manifest: BackupManifest, work: string): string {
  const journal = readJournal();
  const entries = journal.entries.slice(0, manifest.migrations.length);
  manifest.migrations.forEach((applied, i) => {
    if (entries[i]?.when !== applied.when) {
      throw new Error(
        `The backup's database has migration ${applied.tag}, which this version of Stoop does not ` +
          'have: restore it with the version that made it (or a later one).',
      );
    }
  });
  const dir = path.join(work, 'migrations');
  fs.mkdirSync(path.join(dir, 'meta'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries) {
    fs.copyFileSync(
      path.join(MIGRATIONS_DIR, `${entry.tag}.sql`),
      path.join(dir, `${entry.tag}.sql`),
    );
  }
  return dir;
}

async function refuseOtherConnections(client: pg.Client): Promise<void> {
  const others = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
  );
  const n = others.rows[0]?.n ?? 0;
  if (n > 0) {
    throw new ServerRunningError(
      `${n} other connection${n === 1 ? ' is' : 's are'} open to the database (a running Stoop ` +
        'server?). Stop every instance first: a restore replaces the whole database.',
    );
  }
}

/** One transaction: a failure leaves the freshly migrated, empty schema, never half the rows. */
async function loadTables(client: pg.Client, manifest: BackupManifest, work: string) {
  let rows = 0;
  await client.query('begin');
  try {
    const all = manifest.tables.map(qualified);
    // The rows are as the triggers left them; a second run would log changes and notices anew.
    for (const table of all) await client.query(`alter table ${table} disable trigger user`);
    // Migrations may insert rows of their own (e.g. the search log's start); the backup's win.
    if (all.length) await client.query(`truncate ${all.join(', ')} cascade`);
    for (const table of manifest.tables) {
      const columns = table.columns.map(quoteIdent).join(', ');
      const ingest = client.query(copyFrom(`copy ${qualified(table)} (${columns}) from stdin`));
      await pipeline(fs.createReadStream(path.join(work, table.file)), ingest);
      rows += ingest.rowCount;
    }
    for (const table of all) await client.query(`alter table ${table} enable trigger user`);
    for (const seq of manifest.sequences) {
      if (seq.lastValue === null) continue;
      await client.query('select setval($1::regclass, $2::bigint, true)', [
        qualified(seq),
        seq.lastValue,
      ]);
    }
    // Jobs (and queues) locked by a runner when the backup was taken run again: it is gone.
    for (const name of ['_private_jobs', '_private_job_queues']) {
      if (!manifest.tables.some((t) => t.schema === 'graphile_worker' && t.name === name)) continue;
      await client.query(
        `update graphile_worker.${name} set locked_at = null, locked_by = null where locked_at is not null`,
      );
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
  return rows;
}

function restoreMedia(manifest: BackupManifest, work: string, mediaDir: string | undefined) {
  const restored = path.join(work, 'media');
  if (manifest.media.storage === 's3') {
    return 'The backup was taken with S3 media storage: the bucket holds the photos, untouched here.';
  }
  if (!mediaDir) {
    return `Media storage is S3 now: the backup's ${manifest.media.files} local photo files were not copied to the bucket.`;
  }
  const old = `${mediaDir}.before-restore-${process.pid}`;
  if (fs.existsSync(mediaDir)) fs.renameSync(mediaDir, old);
  if (fs.existsSync(restored)) fs.renameSync(restored, mediaDir);
  else fs.mkdirSync(mediaDir, { recursive: true });
  fs.rmSync(old, { recursive: true, force: true });
  return `${manifest.media.files} photo files restored to ${mediaDir}.`;
}
