import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe on the rendered page: any serious or critical violation fails the test (`soft`: the test
 * goes on and fails at its end, so a loop over pages reports every page).
 *
 * Legacy mode runs `axe.run` in the page itself; the default opens a second page for `finishRun`,
 * which on a 2-core machine cost more than the analysis (2.3 s against 1.1 s on /about). Only
 * violations are collected: the passes were never read. Stoop has no cross-origin frames, the one
 * case legacy mode does not cover.
 */
export async function expectNoSeriousViolations(page: Page, options: { soft?: boolean } = {}) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    // A toast fading out (its last 300 ms) is half transparent: not content to judge.
    .exclude('[data-leaving]')
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const serious = results.violations
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
