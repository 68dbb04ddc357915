// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render.tsx';
import { Page } from './page.tsx';

describe('Page', () => {
  it("sets the document's title with React's own <title>, in the head, and takes it away when it leaves", async () => {
    const fallback = document.createElement('title');
    fallback.textContent = 'Stoop';
    document.head.append(fallback);
    try {
      const page = await render(
        <Page title="Billing">
          <p>body</p>
        </Page>,
      );
      expect(document.title).toBe('Billing · Stoop');
      // React hoists it into the head, before the page's own: nothing of it stays in the page.
      expect(page.container.querySelector('title')).toBeNull();
      expect(document.head.querySelector('title')?.textContent).toBe('Billing · Stoop');
      await page.rerender(
        <Page title="Invoices">
          <p>body</p>
        </Page>,
      );
      expect(document.title).toBe('Invoices · Stoop');
      await page.unmount();
      expect(document.title).toBe('Stoop');
    } finally {
      fallback.remove();
    }
  });
});
