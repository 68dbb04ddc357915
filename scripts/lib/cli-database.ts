import { type OpenDatabase, openDatabase } from '../../src/server/db/open.ts';
import { type Env, loadEnv } from '../../src/server/env.ts';
import { createLogger } from '../../src/server/lib/logger.ts';

/**
 * Runs a CLI task on the database the server uses (DATABASE_URL, or the embedded cluster under
 * DATA_DIR/pg), migrated first. A running server owns its embedded cluster: then we refuse
 * rather than stop it. Prints the error and sets a non-zero exit code on failure.
 */
export async function runWithDatabase(
  task: (opened: OpenDatabase, env: Env) => Promise<void>,
): Promise<void> {
  let opened: OpenDatabase | undefined;
  try {
    const env = loadEnv();
    // CLIs print their own results; the server's info logs would only be noise here.
    const logger = createLogger(process.env.LOG_LEVEL ?? 'warn');
    opened = await openDatabase(env, logger, { whenRunning: 'refuse' });
    await task(opened, env);
  } catch (error) {
    console.error(`\n${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await opened?.close();
  }
}
