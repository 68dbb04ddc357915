import { afterEach, vi } from 'vitest';
import { cleanup } from '../web/testing/render.tsx';

// A setup file runs for every test file; a hook in a shared module would not. The DOM files
// share a worker's modules (`isolate: false`), so render.tsx is evaluated once per worker and
// an `afterEach` at its top level served only the first file: later files left roots mounted,
// and a leftover root's effects failed a later file's test now and then.
afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});
