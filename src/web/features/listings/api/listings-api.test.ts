// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarlyListingFetch, takeEarlyListing } from './listings-api.ts';

const ID = '4e645b31-c2e3-463a-9af7-de7ea2b21477';
const photo = {
  id: 'p1',
  url: '/media/listings/a/p1-800.webp',
  width: 1200,
  height: 800,
  placeholder: 'data:image/webp;base64,AA==',
  sources: [
    { width: 400, height: 267, url: '/media/listings/a/p1-400.webp' },
    { width: 800, height: 533, url: '/media/listings/a/p1-800.webp' },
  ],
};

function answer(body: unknown, status = 200) {
  return vi.fn(
    async (_input: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the early listing fetch of a freshly loaded listing page', () => {
  it('asks for the listing of /listings/{id} (and /mobile) once, and preloads its cover', async () => {
    const fetch = answer({ listing: { id: ID, title: 'Studio', photos: [photo] } });
    vi.stubGlobal('fetch', fetch);
    startEarlyListingFetch(`/listings/${ID}/mobile`);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/listings/${ID}`);

    const listing = await takeEarlyListing(ID);
    expect(listing?.id).toBe(ID);
    expect(takeEarlyListing(ID)).toBeUndefined(); // the next one fetches as usual
    const link = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(link?.getAttribute('imagesrcset')).toBe(
      '/media/listings/a/p1-400.webp 400w, /media/listings/a/p1-800.webp 800w',
    );
    expect(link?.getAttribute('imagesizes')).toBe('(min-width: 1024px) 800px, 100vw');
  });

  it('leaves other pages and bad ids alone', () => {
    const fetch = answer({});
    vi.stubGlobal('fetch', fetch);
    for (const path of ['/search', '/listings/not-an-id', `/listings/${ID}/edit`, '/']) {
      startEarlyListingFetch(path);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hands a failed answer to whoever takes it, without an unhandled rejection', async () => {
    vi.stubGlobal('fetch', answer({ error: { code: 'INTERNAL', message: 'x' } }, 500));
    startEarlyListingFetch(`/listings/${ID}`);
    await expect(takeEarlyListing(ID)).rejects.toMatchObject({ status: 500 });
  });
});
