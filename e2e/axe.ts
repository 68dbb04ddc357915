import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type axe from 'axe-core';

/** The minified build: the same rules, compiled in the page in 60% of the time of `axe.js`. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * axe-core on the rendered page: any serious or critical violation fails the test (`soft`: the
 * test goes on and fails at its end, so a loop over pages reports every page).
 *
 * axe runs in the page itself with every rule axe enables by default (WCAG 2.0–2.2 A/AA and best
 * practice). Its source is put into a document once: `@axe-core/playwright` evaluated its 1.3 MB
 * twice on every check, 137 of the suite's 255 seconds of axe (185 checks, decision 053). Only
 * violations are collected: the passes were never read. Stoop has no frames.
 */
export async function expectNoSeriousViolations(page: Page, options: { soft?: boolean } = {}) {
  const loaded = await page.evaluate(() => typeof window.axe?.run === 'function');
  if (!loaded) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async (runOptions) => {
      // Content still fading in (a toast's or a dialog's entry) is half transparent: judge it
      // once its entry has run. Endless animations (spinners) are left running.
      await Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      );
      // A toast fading out (its last 300 ms) is half transparent: not content to judge.
      const results = await window.axe.run({ exclude: ['[data-leaving]'] }, runOptions);
      return results.violations;
    },
    { resultTypes: ['violations'] } satisfies axe.RunOptions,
  );
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  const check = options.soft ? expect.soft : expect;
  check(serious, `${page.url()}\n${JSON.stringify(serious, null, 2)}`).toEqual([]);
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}
