/**
 * `npm run db:restore FILE`: replaces the database (and, with local media, DATA_DIR/media) with
 * a backup made by `npm run db:backup`. The server must be stopped: this refuses while one runs
 * on DATA_DIR or while anything else is connected to the database (decision 040).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type MaintenanceConnection,
  openMaintenanceConnection,
} from '../src/server/db/backup/maintenance-connection.ts';
import { restoreBackup } from '../src/server/db/backup/restore.ts';
import { loadEnv } from '../src/server/env.ts';

const USAGE = 'Usage: npm run db:restore FILE   (stop the server first)';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]?.startsWith('-')) {
  console.error(
    args[0] === '--help' || args[0] === '-h' ? USAGE : `Give one backup file.\n${USAGE}`,
  );
  process.exit(2);
}
const file = path.resolve(args[0] as string);
if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
  console.error(`No such backup file: ${file}`);
  process.exit(2);
}

let connection: MaintenanceConnection | undefined;
try {
  const env = loadEnv();
  connection = await openMaintenanceConnection(env, 'replace');
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  const started = performance.now();
  const result = await restoreBackup({
    url: connection.url,
    file,
    mediaDir: env.S3_BUCKET ? undefined : path.join(env.DATA_DIR, 'media'),
    workDir: env.DATA_DIR,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${connection.location} from ${file} (taken ${result.manifest.createdAt}): ` +
      `${result.manifest.tables.length} tables, ${result.rows} rows, in ${seconds} s.`,
  );
  console.log(result.media);
  console.log(
    'Start the server again (npm start); it loads the search index from the restored data.',
  );
} catch (error) {
  console.error(`\nRestore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await connection?.close();
}
