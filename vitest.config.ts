import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The DOM tests: the files under src/ that start with `// @vitest-environment happy-dom`. They
 * run as a project of their own: in one project with the node-environment files, each switch of
 * environment in a worker (`isolate: false`) cost a fresh module graph, 31.7 s for the unit
 * tests against 16.8 s as two projects (docs/decisions/058-unit-tests-as-two-projects.md).
 */
const DOM_TESTS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => path.join('src', file).split(path.sep).join('/'))
  .filter((file) => readFileSync(file, 'utf8').startsWith('// @vitest-environment happy-dom'));

const UNIT_TESTS = {
  // CI's 2 cores run several files at once; a DOM test can wait seconds for its turn.
  testTimeout: 15_000,
  maxWorkers: 2,
  // Files share a worker's modules and DOM (render.tsx resets the page after each test):
  // 27 s and 49 CPU seconds, against 70 s and 133 with a fresh module graph per file. It
  // holds in shuffled order (`--sequence.shuffle`).
  isolate: false,
  setupFiles: ['src/test-setup/fail-on-console-error.ts'],
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...UNIT_TESTS,
          name: 'unit',
          // Modules' tests are API tests, except `*.unit.test.ts` (no database).
          include: [
            'src/**/*.test.{ts,tsx}',
            'src/server/modules/**/*.unit.test.ts',
            'bench/lib/*.test.ts',
            'scripts/lib/*.test.ts',
          ],
          exclude: [
            ...DOM_TESTS,
            'src/server/modules/**/!(*.unit).test.ts',
            'src/server/**/*.api.test.ts',
            'src/server/**/*.lifecycle.test.ts',
            'node_modules/**',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          ...UNIT_TESTS,
          name: 'unit-dom',
          include: DOM_TESTS,
          environment: 'happy-dom',
          setupFiles: [...UNIT_TESTS.setupFiles, 'src/test-setup/reset-dom.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/modules/**/*.test.ts', 'src/server/**/*.api.test.ts'],
          exclude: ['src/server/modules/**/*.unit.test.ts', 'node_modules/**'],
          environment: 'node',
          globalSetup: ['src/server/test/global-setup.ts'],
          setupFiles: ['src/test-setup/fail-on-console-error.ts'],
          // Every file builds its own app on its own database (test/test-app.ts), so files can
          // share a worker's module graph: importing the app again for each of 83 files was
          // half of the project's time. Two workers: the files wait on PostgreSQL as much as
          // they compute, and Vitest's default on 2 cores is one.
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Real server processes on the embedded PostgreSQL (kill -9, SIGTERM, leftovers).
        test: {
          name: 'lifecycle',
          include: ['src/server/*.lifecycle.test.ts'],
          // Two files at once: alone they wait on processes half the time (181 s wall, 200 CPU
          // seconds); two at once took 154 s. Beside the API passes instead, everything slowed.
          maxWorkers: 2,
          // The server bundle the tests spawn, built once for the run.
          globalSetup: ['src/server/test/build-server-setup.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
