import { act as preactAct } from 'preact/test-utils';

/*
 * `react` in the DOM tests (scripts/lib/react-on-preact.ts): Preact's React API, with the `act`
 * that React exports and Preact keeps in its test utilities.
 */
// @ts-expect-error preact/compat's types say `export =`; at run time it is an ES module.
export * from 'preact/compat';
export { default } from 'preact/compat';

/** Microtask turns an async `act` lets pass after its callback (see `act`). */
const SETTLE_TURNS = 10;

/**
 * React's `act`: an async callback's scope also takes in the work it started (React keeps
 * flushing while work is left). Preact's returns once the callback's promise settles, before a
 * submit handler's awaited validation, say, has run; a few more microtask turns inside `act`
 * match React. Microtasks, not a timer, so it holds under fake timers too.
 */
export function act(callback: () => unknown): Promise<void> {
  let async = false;
  const done = preactAct(() => {
    const result = callback();
    if (result instanceof Promise) {
      async = true;
      return result.then(() => undefined);
    }
    return undefined;
  });
  if (!async) return done;
  return done.then(() =>
    preactAct(async () => {
      for (let turn = 0; turn < SETTLE_TURNS; turn += 1) await Promise.resolve();
    }),
  );
}
