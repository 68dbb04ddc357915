import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * The web app is written against React's API and runs on Preact (decision 064): these aliases
 * send every import of React, React DOM and their JSX runtime to `preact/compat`, in the build,
 * the dev server and the DOM tests alike, so what is tested is what ships.
 *
 * `forTests` adds what only the tests need: React's `act` (from `preact/test-utils`, through
 * src/web/testing/react-for-tests.ts) and React Router's ES module, which the test runner would
 * otherwise load as CommonJS, whose `require('react')` no alias reaches.
 */
export function reactOnPreact({ forTests = false } = {}): Alias[] {
  const require = createRequire(import.meta.url);
  const routerDir = path.dirname(require.resolve('react-router/package.json'));
  return [
    { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    { find: /^react-dom$/, replacement: 'preact/compat' },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
    forTests
      ? {
          find: /^react$/,
          replacement: fileURLToPath(
            new URL('../../src/web/testing/react-for-tests.ts', import.meta.url),
          ),
        }
      : { find: /^react$/, replacement: 'preact/compat' },
    ...(forTests
      ? [
          {
            find: /^react-router$/,
            replacement: path.join(routerDir, 'dist', 'development', 'index.mjs'),
          },
        ]
      : []),
  ];
}
