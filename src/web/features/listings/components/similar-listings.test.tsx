// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { flush, resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { aListing } from '../../../testing/saved-searches-fixtures.ts';
import { SimilarListings } from './similar-listings.tsx';

const ID = '00000000-0000-4000-8000-0000000000b1';
const summary = (n: number) =>
  aListing({
    id: `00000000-0000-4000-8000-00000000010${n}`,
    title: `Similar ${n}`,
    neighborhood: 'inwood',
    borough: 'manhattan',
    lat: null,
    lng: null,
    rentCents: 300_000,
    netEffectiveRentCents: 300_000,
    leaseTermMonths: null,
    publishedAt: null,
  });

resetPageAfterEach();

describe('similar listings', () => {
  it('asks nothing until the page is scrolled near the section', async () => {
    const observed: Element[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe(element: Element) {
          observed.push(element);
        }
        disconnect() {}
      },
    );
    const calls = stubApi(() => ({ body: { items: [summary(1)] } }));
    await renderMessaging(<SimilarListings listingId={ID} />);
    await flush();
    expect(observed).toHaveLength(1);
    expect(calls).toEqual([]);
  });

  it('shows up to 6 cards under a heading', async () => {
    // No IntersectionObserver: asked at once.
    vi.stubGlobal('IntersectionObserver', undefined);
    const calls = stubApi((call) =>
      call.url.pathname === `/api/listings/${ID}/similar`
        ? { body: { items: [1, 2, 3, 4, 5, 6, 7].map(summary) } }
        : undefined,
    );
    await renderMessaging(<SimilarListings listingId={ID} />);
    await waitFor(() =>
      expect(document.querySelector('[data-testid="similar-listings"] h2')?.textContent).toBe(
        'Similar listings',
      ),
    );
    expect(
      [...document.querySelectorAll('[data-testid="similar-listings"] h3')].map(
        (h) => h.textContent,
      ),
    ).toEqual(['Similar 1', 'Similar 2', 'Similar 3', 'Similar 4', 'Similar 5', 'Similar 6']);
    expect(calls).toHaveLength(1);
  });

  it('is not there at all when there are none', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const calls = stubApi(() => ({ body: { items: [] } }));
    await renderMessaging(<SimilarListings listingId={ID} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await flush();
    expect(document.querySelector('[data-testid="similar-listings"]')).toBeNull();
    expect(document.body.textContent).not.toContain('Similar listings');
  });
});
