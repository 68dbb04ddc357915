// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderMessaging } from '../../../testing/messaging-test-harness.tsx';
import { cleanup } from '../../../testing/render.tsx';
import { withExact } from '../hooks/use-search-url-sync.ts';
import { CorrectedQueryNotice } from './corrected-query-notice.tsx';

afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
});

describe('the typo-correction notice', () => {
  it('says which words it searched and links to the words as typed, with exact=1', async () => {
    const href = `/search?${withExact(new URLSearchParams('q=wiliamsburg&bedrooms=2'), true)}`;
    expect(href).toBe('/search?q=wiliamsburg&bedrooms=2&exact=1');
    const { router } = await renderMessaging(
      <CorrectedQueryNotice corrected="williamsburg" original="wiliamsburg" insteadHref={href} />,
      { path: '/search?q=wiliamsburg&bedrooms=2', pattern: '/search' },
    );
    const notice = document.querySelector('[data-testid="corrected-query"]');
    expect(notice?.textContent).toBe(
      'Showing results for williamsburg. Search instead for wiliamsburg',
    );
    const link = notice?.querySelector('a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(href);
    await act(async () => link.click());
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(href);
  });

  it('adds nothing when the search is not exact', () => {
    expect(withExact(new URLSearchParams('q=x'), false).toString()).toBe('q=x');
  });
});
