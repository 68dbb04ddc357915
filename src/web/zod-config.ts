import type { $ZodConfig } from 'zod/v4/core';

/**
 * Imported first by main.tsx, before any zod schema exists: zod otherwise probes
 * `new Function('')` for its JIT when the first object schema is made, and the pages' CSP (no
 * 'unsafe-eval') reports that as a script-src violation. The interpreter is fast enough for forms.
 *
 * This is what `z.config({ jitless: true })` sets: zod keeps its config on
 * `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and adopts an object already there.
 * Setting it directly keeps zod's code out of the entry chunk (importing `config` moved ~11 kB
 * of zod core into it); e2e/csp.spec.ts fails if zod stops reading it.
 */
const holder = globalThis as { __zod_globalConfig?: $ZodConfig };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
