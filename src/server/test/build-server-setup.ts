import { buildServer } from '../../../scripts/lib/build-server.ts';

/** Vitest global setup of the lifecycle project: one server bundle for every test file. */
export default async function setup() {
  await buildServer();
}
