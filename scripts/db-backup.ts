/**
 * `npm run db:backup [FILE]`: a consistent copy of the database (and the photos, with local
 * media) in one archive, while the server runs (decision 040). Default file:
 * DATA_DIR/backups/stoop-<UTC time>.tar.gz. Prints the archive's path on its last line.
 */
import path from 'node:path';
import { createBackup } from '../src/server/db/backup/backup.ts';
import { defaultBackupName } from '../src/server/db/backup/backup-format.ts';
import {
  type MaintenanceConnection,
  openMaintenanceConnection,
} from '../src/server/db/backup/maintenance-connection.ts';
import { loadEnv } from '../src/server/env.ts';

const USAGE = 'Usage: npm run db:backup [FILE]';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  console.error(
    args[0] === '--help' || args[0] === '-h' ? USAGE : `Give at most one file.\n${USAGE}`,
  );
  process.exit(2);
}

let connection: MaintenanceConnection | undefined;
try {
  const env = loadEnv();
  const out = path.resolve(args[0] ?? path.join(env.DATA_DIR, 'backups', defaultBackupName()));
  connection = await openMaintenanceConnection(env, 'read');
  const started = performance.now();
  const manifest = await createBackup({
    url: connection.url,
    mediaDir: env.S3_BUCKET ? undefined : path.join(env.DATA_DIR, 'media'),
    out,
  });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Backed up ${connection.location}: ${manifest.tables.length} tables, ${rows} rows.`);
  console.log(
    manifest.media.storage === 'local'
      ? `Photos: ${manifest.media.files} files (${(manifest.media.bytes / 1e6).toFixed(1)} MB) from ${path.join(env.DATA_DIR, 'media')}.`
      : `Photos: not in the archive; the S3 bucket ${env.S3_BUCKET} is their store of record (back it up with the bucket's own versioning or replication).`,
  );
  console.log(`Done in ${seconds} s. Restore with: npm run db:restore ${out}`);
  console.log(out);
} catch (error) {
  console.error(`\nBackup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await connection?.close();
}
