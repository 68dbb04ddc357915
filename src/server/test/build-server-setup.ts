import fs from 'node:fs';
import { buildServer, SERVER_BUNDLE } from '../../../scripts/lib/build-server.ts';

/**
 * Vitest global setup of the lifecycle project: one server bundle for every test file. `npm test`
 * builds it once for all its stages and says so with STOOP_SKIP_BUILD=1.
 */
export default async function setup() {
  if (process.env.STOOP_SKIP_BUILD === '1' && fs.existsSync(SERVER_BUNDLE)) return;
  await buildServer();
}
