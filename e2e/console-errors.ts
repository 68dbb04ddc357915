import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Issue 11 item 15: a visitor's page loads log no console error. Collects the page's console
 * errors and uncaught exceptions from now on; `take()` returns them and starts a new list.
 */
export function collectConsoleErrors(page: Page) {
  let errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') {
      errors.push(`${message.text()} (${message.location().url || 'no url'})`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return {
    take(): string[] {
      const taken = errors;
      errors = [];
      return taken;
    },
  };
}
