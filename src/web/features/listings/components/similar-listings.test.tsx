// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { cleanup, flush, waitFor } from '../../../testing/render.tsx';
import { SimilarListings } from './similar-listings.tsx';

const ID = '00000000-0000-4000-8000-0000000000b1';
const summary = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000010${n}`,
  status: 'active',
  title: `Similar ${n}`,
  address: null,
  unit: null,
  neighborhood: 'inwood',
  borough: 'manhattan',
  lat: null,
  lng: null,
  rentCents: 300_000,
  freeMonths: 0,
  netEffectiveRentCents: 300_000,
  bedrooms: 2,
  bathrooms: 1,
  sqft: null,
  availableFrom: null,
  leaseTermMonths: null,
  pets: null,
  laundry: null,
  amenities: [],
  featured: false,
  publishedAt: null,
  showExactLocation: false,
  coverPhoto: null,
  photoCount: 0,
});

afterEach(async () => {
  await cleanup();
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

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
