import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { create as createTar } from 'tar';
import {
  BACKUP_FORMAT,
  BACKUP_SCHEMAS,
  BACKUP_VERSION,
  type BackupManifest,
  type BackupTable,
  dependencyOrder,
  qualified,
  quoteIdent,
  readJournal,
  SKIPPED_TABLES,
} from './backup-format.ts';

export type BackupOptions = {
  /** The database to copy; the app may be using it meanwhile. */
  url: string;
  /** DATA_DIR/media with local media storage; undefined with S3 (the bucket is the store). */
  mediaDir: string | undefined;
  /** The archive to write (a `.tar.gz`); written beside it first, then renamed. */
  out: string;
};

/**
 * The archive holds every account's password hash, every message and every mail: only its
 * owner reads it (and the folders made for it, and the copy staged while it is written).
 */
export const BACKUP_FILE_MODE = 0o600;
const PRIVATE_DIR_MODE = 0o700;

/**
 * Writes a consistent copy of the database (one REPEATABLE READ snapshot, every table through
 * COPY) and the local media into one archive, while the app runs (decision 040).
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const out = path.resolve(options.out);
  fs.mkdirSync(path.dirname(out), { recursive: true, mode: PRIVATE_DIR_MODE });
  const staging = `${out}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { mode: PRIVATE_DIR_MODE });
  fs.chmodSync(staging, PRIVATE_DIR_MODE); // whatever the umask
  fs.mkdirSync(path.join(staging, 'db'), { recursive: true });
  try {
    // Photos are written before their rows commit and deleted after their rows are: media seen
    // before the snapshot plus media seen after it covers every photo the snapshot names.
    const mediaOut = path.join(staging, 'media');
    const before = options.mediaDir ? copyMedia(options.mediaDir, mediaOut) : undefined;
    const snapshot = await copyDatabase(options.url, path.join(staging, 'db'));
    const after = options.mediaDir ? copyMedia(options.mediaDir, mediaOut) : undefined;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      ...snapshot,
      media: {
        storage: options.mediaDir ? 'local' : 's3',
        files: (before?.files ?? 0) + (after?.files ?? 0),
        bytes: (before?.bytes ?? 0) + (after?.bytes ?? 0),
      },
    };
    fs.writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${out}.partial`;
    // Created 0600 from its first byte (never readable by others, not even while written).
    fs.rmSync(partial, { force: true });
    await createTar(
      { gzip: true, file: partial, cwd: staging, portable: true, mode: BACKUP_FILE_MODE },
      ['manifest.json', 'db', ...(fs.existsSync(mediaOut) ? ['media'] : [])],
    );
    fs.chmodSync(partial, BACKUP_FILE_MODE);
    fs.renameSync(partial, out);
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(`${out}.partial`, { force: true });
  }
}

type Snapshot = Pick<BackupManifest, 'postgresVersion' | 'migrations' | 'tables' | 'sequences'>;

async function copyDatabase(url: string, dir: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {}); // a lost server fails the query in progress instead
  await client.connect();
  try {
    // One snapshot for every table: rows committed after it began are in no file, rows
    // committed before are in all of them, so references between tables hold.
    await client.query('begin isolation level repeatable read read only');
    const version = await client.query<{ v: string }>('show server_version');
    const migrations = await appliedMigrations(client);
    const tables = await listTables(client);
    const written: BackupTable[] = [];
    for (const table of tables) {
      const file = `db/${table.schema}.${table.name}.copy`;
      const columns = table.columns.map(quoteIdent).join(', ');
      const stream = client.query(copyTo(`copy ${qualified(table)} (${columns}) to stdout`));
      await pipeline(stream, fs.createWriteStream(path.join(dir, path.basename(file))));
      written.push({ ...table, rows: stream.rowCount, file });
    }
    // Sequences are not transactional: a value read now may be ahead of the snapshot, which
    // only leaves a gap after a restore, never a reused number.
    const sequences = await client.query<{ schema: string; name: string; last: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as last
         from pg_sequences where schemaname = any($1) order by 1, 2`,
      [BACKUP_SCHEMAS],
    );
    await client.query('commit');
    return {
      postgresVersion: version.rows[0]?.v ?? 'unknown',
      migrations,
      tables: written,
      sequences: sequences.rows.map((s) => ({ schema: s.schema, name: s.name, lastValue: s.last })),
    };
  } finally {
    await client.end().catch(() => {});
  }
}

async function appliedMigrations(client: pg.Client): Promise<BackupManifest['migrations']> {
  const applied = await client.query<{ when: string }>(
    'select created_at::text as when from drizzle.__drizzle_migrations order by created_at',
  );
  const tags = new Map(readJournal().entries.map((e) => [e.when, e.tag]));
  return applied.rows.map((row) => {
    const when = Number(row.when);
    return { when, tag: tags.get(when) ?? `unknown-${when}` };
  });
}

async function listTables(client: pg.Client): Promise<Omit<BackupTable, 'rows' | 'file'>[]> {
  const tables = await client.query<{ schema: string; name: string; columns: string[] }>(
    `select n.nspname as schema, c.relname as name,
            array(select a.attname::text from pg_attribute a
                   where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                     and a.attgenerated = '' order by a.attnum) as columns
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and not c.relispartition and n.nspname = any($1)`,
    [BACKUP_SCHEMAS],
  );
  const references = await client.query<{ child: string; parent: string }>(
    `select cn.nspname || '.' || cc.relname as child, pn.nspname || '.' || pc.relname as parent
       from pg_constraint k
       join pg_class cc on cc.oid = k.conrelid join pg_namespace cn on cn.oid = cc.relnamespace
       join pg_class pc on pc.oid = k.confrelid join pg_namespace pn on pn.oid = pc.relnamespace
      where k.contype = 'f' and cn.nspname = any($1)`,
    [BACKUP_SCHEMAS],
  );
  const keyed = tables.rows
    .map((t) => ({ ...t, key: `${t.schema}.${t.name}` }))
    .filter((t) => !SKIPPED_TABLES.has(t.key))
    .map((t) => ({
      ...t,
      references: references.rows.filter((r) => r.child === t.key).map((r) => r.parent),
    }));
  return dependencyOrder(keyed).map(({ schema, name, columns }) => ({ schema, name, columns }));
}

/**
 * Adds every media file not yet in `target` (hard links: the files are immutable, written once
 * under a new name; a copy where a link cannot be made). Half-written `.tmp` files are skipped.
 */
function copyMedia(source: string, target: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(source)) return { files, bytes };
  for (const entry of fs.readdirSync(source, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
    const from = path.join(entry.parentPath, entry.name);
    const to = path.join(target, path.relative(source, from));
    if (fs.existsSync(to)) continue;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    try {
      try {
        fs.linkSync(from, to);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
        fs.copyFileSync(from, to); // another file system, or links not allowed
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since listed
      throw error;
    }
    files += 1;
    bytes += fs.statSync(to).size;
  }
  return { files, bytes };
}
