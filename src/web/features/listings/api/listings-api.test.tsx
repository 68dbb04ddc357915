// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTING_PAGE_DATA_ID } from '../../../../shared/listings.ts';
import type { Listing } from '../../../../shared/schemas/listing-responses.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { render, waitFor } from '../../../testing/render.tsx';
import {
  keepServerListing,
  readServerListing,
  startEarlyListingFetch,
  takeEarlyListing,
  takeServerListing,
  useListing,
} from './listings-api.ts';

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
  keepServerListing(undefined);
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

function dataBlock(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = LISTING_PAGE_DATA_ID;
  script.textContent = text;
  document.head.append(script);
}

function Title() {
  const listing = useListing(ID);
  return <p>{listing.data?.title ?? 'loading'}</p>;
}

const serverListing = { id: ID, title: 'Studio from the page', photos: [photo] } as Listing;

describe('the listing a server-answered listing page carries', () => {
  it('is read from its data block once, and the block removed', () => {
    dataBlock(JSON.stringify({ listing: serverListing }));
    expect(readServerListing(document)?.title).toBe('Studio from the page');
    expect(document.getElementById(LISTING_PAGE_DATA_ID)).toBeNull();
    expect(readServerListing(document)).toBeUndefined();
  });

  it('reads nothing from a broken or foreign block (and still removes it)', () => {
    for (const text of ['{"listing":', '{"page":{}}', '{"listing":{"title":"no id"}}']) {
      dataBlock(text);
      expect(readServerListing(document)).toBeUndefined();
      expect(document.getElementById(LISTING_PAGE_DATA_ID)).toBeNull();
    }
  });

  it('goes to the first useListing only, and only for its own id', () => {
    keepServerListing(serverListing);
    expect(takeServerListing(ID)?.title).toBe('Studio from the page');
    expect(takeServerListing(ID)).toBeUndefined();
    keepServerListing(serverListing);
    expect(takeServerListing('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    expect(takeServerListing(ID)).toBeUndefined();
  });

  it('is shown at once, and the API is still asked once behind it (it counts the view)', async () => {
    let answerApi: (response: Response) => void = () => {};
    const fetch = vi.fn(
      (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Promise<Response>((resolve) => {
          answerApi = resolve;
        }),
    );
    vi.stubGlobal('fetch', fetch);
    keepServerListing(serverListing);
    const { container } = await render(
      <QueryClientProvider client={createQueryClient()}>
        <Title />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('Studio from the page');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`/api/listings/${ID}`);
    answerApi(
      new Response(JSON.stringify({ listing: { ...serverListing, title: 'Studio, renamed' } })),
    );
    await waitFor(() => expect(container.textContent).toBe('Studio, renamed'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
