// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/render.tsx';
import { DocumentTitle } from './document-title.tsx';

describe('DocumentTitle', () => {
  it('sets the title in the head, follows a change and puts the one before back when it leaves', async () => {
    document.title = 'Stoop';
    const page = await render(<DocumentTitle title="Billing · Stoop" />);
    expect(document.title).toBe('Billing · Stoop');
    // Nothing of it stands in the page itself.
    expect(page.container.innerHTML).toBe('');
    await page.rerender(<DocumentTitle title="Invoices · Stoop" />);
    expect(document.title).toBe('Invoices · Stoop');
    await page.unmount();
    expect(document.title).toBe('Stoop');
  });
});
