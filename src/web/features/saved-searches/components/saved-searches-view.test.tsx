// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import type { SavedSearch } from '../../../../shared/schemas/saved-searches.ts';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import {
  type ApiCall,
  renderMessaging,
  stubApi,
} from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { aListing, aSavedSearch, SEARCH_ID } from '../../../testing/saved-searches-fixtures.ts';
import { SavedSearchesView } from './saved-searches-view.tsx';

resetPageAfterEach();

const link = (name: string) =>
  [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === name);

/** A small server: the list, PATCH and DELETE on it, and the matches. */
function server(initial: SavedSearch[]) {
  let list = initial;
  const calls = stubApi((call: ApiCall) => {
    const path = call.url.pathname;
    if (path === '/api/saved-searches' && call.method === 'GET') return { body: { items: list } };
    if (path === `/api/saved-searches/${SEARCH_ID}` && call.method === 'PATCH') {
      const patch = call.body as Record<string, unknown>;
      const { seen, ...rest } = patch;
      list = list.map((s) =>
        s.id === SEARCH_ID ? { ...s, ...rest, ...(seen ? { newMatches: 0 } : {}) } : s,
      );
      return { body: list.find((s) => s.id === SEARCH_ID) };
    }
    if (path === `/api/saved-searches/${SEARCH_ID}` && call.method === 'DELETE') {
      list = list.filter((s) => s.id !== SEARCH_ID);
      return { status: 204 };
    }
    if (path === `/api/saved-searches/${SEARCH_ID}/matches`) {
      return {
        body: {
          items: [
            {
              listing: aListing(),
              kind: 'price_drop',
              announcedAt: '2026-11-21T15:00:00.000Z',
              isNew: true,
              previousRentCents: 350_000,
            },
          ],
          nextCursor: null,
        },
      };
    }
    return undefined;
  });
  return calls;
}

async function renderView() {
  return renderMessaging(
    <SavedSearchesView
      searchHref="/search"
      renderListing={(listing, note) => (
        <div data-testid="match">
          {listing.title}
          {note}
        </div>
      )}
    />,
  );
}

describe('/saved-searches', () => {
  it('explains saved searches and alerts when there are none', async () => {
    server([]);
    await renderView();
    await waitFor(() => expect(textOf()).toContain('No saved searches yet'));
    expect(textOf()).toContain('right away by email and here on Stoop');
    expect(textOf()).toContain('8:00 AM New York time');
    expect(link('Start a search')?.getAttribute('href')).toBe('/search');
  });

  it('lists a search with its filters, new matches and a link to its results', async () => {
    server([
      aSavedSearch({ query: { ...aSavedSearch().query, bounds: [40.7, -74, 40.72, -73.9] } }),
    ]);
    await renderView();
    await waitFor(() => expect(textOf()).toContain('Williamsburg 2 bd'));
    expect(textOf()).toContain('2 new matches');
    expect(textOf()).toContain('Up to $3,500');
    expect(textOf()).toContain('Inside a map area');
    expect(link('View results')?.getAttribute('href')).toBe(
      `/search?maxPrice=3500&bedrooms=2&neighborhoods=williamsburg&bounds=${encodeURIComponent('40.7,-74,40.72,-73.9')}`,
    );
  });

  it('pauses, resumes, changes alerts and renames', async () => {
    const calls = server([aSavedSearch()]);
    await renderView();
    await waitFor(() => expect(buttonNamed(document.body, 'Pause')).not.toBeNull());
    await act(async () => buttonNamed(document.body, 'Pause')?.click());
    await waitFor(() => expect(buttonNamed(document.body, 'Resume')).not.toBeNull());
    expect(textOf()).toContain('Paused: no alerts until you resume.');

    const select = document.querySelector('select') as HTMLSelectElement;
    await act(async () => {
      select.value = 'off';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() => expect(textOf()).toContain('Alerts for “Williamsburg 2 bd”: off.'));

    await act(async () => buttonNamed(document.body, 'Rename')?.click());
    // The dialog loads on first opening (with zod for its check), then takes the focus.
    await waitFor(() => expect(document.querySelector('dialog input')).not.toBeNull());
    const input = document.querySelector('dialog input') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(input));
    await act(async () => typeInto(input, ''));
    await act(async () => buttonNamed(document.body, 'Save name')?.click());
    await waitFor(() => expect(textOf()).toContain('Name the search.'));
    await act(async () => typeInto(input, 'Brooklyn 2 bd'));
    await act(async () => buttonNamed(document.body, 'Save name')?.click());
    await waitFor(() => expect(document.querySelector('dialog')).toBeNull());
    await waitFor(() =>
      expect(document.querySelector('h2')?.textContent).toContain('Brooklyn 2 bd'),
    );

    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { paused: true },
      { alerts: 'off' },
      { name: 'Brooklyn 2 bd' },
    ]);
  });

  it('shows the matches, which marks them seen', async () => {
    const calls = server([aSavedSearch()]);
    await renderView();
    await waitFor(() => expect(buttonNamed(document.body, 'Show matches')).not.toBeNull());
    const toggle = buttonNamed(document.body, 'Show matches') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await act(async () => toggle.click());
    await waitFor(() => expect(document.querySelector('[data-testid="match"]')).not.toBeNull());
    expect(textOf()).toContain('Sunny loft by the park');
    expect(textOf()).toContain('New');
    expect(textOf()).toContain('Price drop from $3,500');
    await waitFor(() => expect(textOf()).toContain('No new matches'));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ seen: true }]);
    expect(buttonNamed(document.body, 'Hide matches')?.getAttribute('aria-expanded')).toBe('true');
  });

  it('deletes only after confirmation', async () => {
    const calls = server([aSavedSearch()]);
    await renderView();
    await waitFor(() => expect(buttonNamed(document.body, 'Delete')).not.toBeNull());
    await act(async () => buttonNamed(document.body, 'Delete')?.click());
    expect(textOf()).toContain('“Williamsburg 2 bd” and its alerts will be deleted.');
    // Cancel is focused first and changes nothing.
    expect(document.activeElement).toBe(buttonNamed(document.body, 'Cancel'));
    await act(async () => buttonNamed(document.body, 'Cancel')?.click());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await act(async () => buttonNamed(document.body, 'Delete')?.click());
    await act(async () => buttonNamed(document.body, 'Delete search')?.click());
    await waitFor(() => expect(textOf()).toContain('No saved searches yet'));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(textOf()).toContain('Deleted “Williamsburg 2 bd”.'));
    // Focus is not lost with the card: it goes to the list's place.
    await waitFor(() => expect(document.activeElement?.getAttribute('tabindex')).toBe('-1'));
    expect(document.activeElement?.textContent).toContain('No saved searches yet');
  });
});
