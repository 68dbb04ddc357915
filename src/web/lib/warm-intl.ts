/*
 * A tab's first Intl formatter loads ICU's locale and time-zone data: 30-70 ms of one task on
 * this machine (four times that on Lighthouse's phone), wherever a page first shows a date. ICU
 * keeps that data for the whole tab, so a worker loads it at start-up, beside the network wait,
 * and the page's first date costs under a millisecond (decision 065).
 */
export function warmIntlOffMainThread(): void {
  if (typeof Worker === 'undefined') return;
  try {
    new Worker(new URL('./warm-intl.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // A browser that refuses the worker formats its first date on the main thread, as before.
  }
}
