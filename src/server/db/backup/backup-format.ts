import fs from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../migrate.ts';

/**
 * What a Stoop backup archive holds (decision 040): a gzipped tar with `manifest.json`, one
 * `db/<schema>.<table>.copy` file per table (PostgreSQL's COPY text format, columns as listed in
 * the manifest, parents before children) and, with local media, `media/<key>` for every photo.
 */

export const BACKUP_FORMAT = 'stoop-backup';
export const BACKUP_VERSION = 1;
/** Schemas whose tables are backed up: the app's, and the job runner's queue. */
export const BACKUP_SCHEMAS = ['public', 'graphile_worker'];
/** Made anew by the migrations; never copied (their levels are in the manifest). */
export const SKIPPED_TABLES = new Set(['graphile_worker.migrations']);

export type BackupTable = {
  schema: string;
  name: string;
  columns: string[];
  rows: number;
  /** Inside the archive. */
  file: string;
};

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  createdAt: string;
  postgresVersion: string;
  /** The app's migrations applied when the snapshot was taken, oldest first. */
  migrations: { tag: string; when: number }[];
  /** In dependency order: every table after the tables it references. */
  tables: BackupTable[];
  sequences: { schema: string; name: string; lastValue: string | null }[];
  media: { storage: 'local' | 's3'; files: number; bytes: number };
};

export type JournalEntry = { idx: number; when: number; tag: string; breakpoints: boolean };

/** The committed migrations (drizzle-kit's journal), oldest first. */
export function readJournal(): { version: string; dialect: string; entries: JournalEntry[] } {
  return JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'));
}

export const qualified = (table: { schema: string; name: string }) =>
  `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `stoop-20261125-034501Z.tar.gz`: sorts by time, no characters a shell or Windows minds. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll('-', '')
    .replaceAll(':', '')
    .replace('T', '-');
  return `stoop-${stamp}.tar.gz`;
}

/**
 * Orders tables so each comes after the tables it references (self-references ignored). A cycle
 * would make COPY FROM fail; the schema has none, and this says so clearly if one appears.
 */
export function dependencyOrder<T extends { key: string; references: string[] }>(tables: T[]): T[] {
  const byKey = new Map(tables.map((t) => [t.key, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const ordered: T[] = [];
  const visit = (table: T) => {
    if (done.has(table.key)) return;
    if (visiting.has(table.key)) {
      throw new Error(`Foreign keys form a cycle through ${table.key}; cannot order the restore.`);
    }
    visiting.add(table.key);
    for (const ref of table.references) {
      const parent = byKey.get(ref);
      if (parent && ref !== table.key) visit(parent);
    }
    visiting.delete(table.key);
    done.add(table.key);
    ordered.push(table);
  };
  for (const table of [...tables].sort((a, b) => a.key.localeCompare(b.key))) visit(table);
  return ordered;
}
