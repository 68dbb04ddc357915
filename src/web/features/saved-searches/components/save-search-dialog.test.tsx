// @vitest-environment happy-dom
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buttonNamed, textOf, typeInto } from '../../../testing/dom-queries.ts';
import { renderMessaging, stubApi } from '../../../testing/messaging-test-harness.tsx';
import { resetPageAfterEach, waitFor } from '../../../testing/render.tsx';
import { aSavedSearch } from '../../../testing/saved-searches-fixtures.ts';
import SaveSearchDialog from './save-search-dialog.tsx';

resetPageAfterEach();

const nameInput = () =>
  document.querySelector<HTMLInputElement>('input[type="text"], input:not([type])');

async function open(search: string, onClose = vi.fn(), correctedQuery?: string) {
  // happy-dom's <dialog> has showModal; the dialog renders into the page like the app's.
  await renderMessaging(
    <SaveSearchDialog
      params={new URLSearchParams(search)}
      correctedQuery={correctedQuery}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('the save-search dialog', () => {
  it('suggests a name from the filters and saves the search with its map area and alerts', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' && call.url.pathname === '/api/saved-searches'
        ? { status: 201, body: aSavedSearch({ name: 'Near the park', alerts: 'daily' }) }
        : undefined,
    );
    const onClose = await open(
      'neighborhoods=williamsburg&bedrooms=2&maxPrice=3500&bounds=40.7,-74,40.72,-73.95&cursor=x',
    );
    expect(nameInput()?.value).toBe('2+ bd in Williamsburg, up to $3,500');
    // Focus starts on the name; the filters are summarised.
    expect(document.activeElement).toBe(nameInput());
    expect(textOf()).toContain('Inside a map area');
    const instant = document.querySelector<HTMLInputElement>('input[value="instant"]');
    expect(instant?.checked).toBe(true);
    expect(textOf()).toContain('8:00 AM New York time');

    await act(async () => {
      if (nameInput()) typeInto(nameInput() as HTMLInputElement, 'Near the park');
      document.querySelector<HTMLInputElement>('input[value="daily"]')?.click();
    });
    await act(async () => buttonNamed(document.body, 'Save search')?.click());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Near the park',
      alerts: 'daily',
      query: {
        neighborhoods: ['williamsburg'],
        bedrooms: 2,
        maxPrice: 3500,
        bounds: [40.7, -74, 40.72, -73.95],
      },
    });
  });

  it('saves a corrected search with the words its results are for (alerts match them as typed)', async () => {
    const calls = stubApi((call) =>
      call.method === 'POST' ? { status: 201, body: aSavedSearch() } : undefined,
    );
    const onClose = await open('q=wiliamsburg+loft&bedrooms=1', vi.fn(), 'williamsburg loft');
    expect(textOf()).toContain('Saved as “williamsburg loft”, the spelling these results are for.');
    await act(async () => buttonNamed(document.body, 'Save search')?.click());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      query: { q: 'williamsburg loft', bedrooms: 1 },
    });
  });

  it('checks the name with the shared schema before sending anything', async () => {
    const calls = stubApi(() => undefined);
    const onClose = await open('q=loft');
    await act(async () => {
      if (nameInput()) typeInto(nameInput() as HTMLInputElement, '   ');
    });
    await act(async () => buttonNamed(document.body, 'Save search')?.click());
    await waitFor(() => expect(textOf()).toContain('Name the search.'));
    expect(nameInput()?.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(nameInput());

    await act(async () => {
      if (nameInput()) typeInto(nameInput() as HTMLInputElement, 'x'.repeat(81));
    });
    await act(async () => buttonNamed(document.body, 'Save search')?.click());
    await waitFor(() => expect(textOf()).toContain('Name must be at most 80 characters.'));
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server refusal (the limit of saved searches) and stays open', async () => {
    stubApi(() => ({
      status: 409,
      body: {
        error: {
          code: 'SAVED_SEARCH_LIMIT',
          message: 'You can keep up to 25 saved searches. Delete one to save another.',
        },
      },
    }));
    const onClose = await open('q=loft');
    await act(async () => buttonNamed(document.body, 'Save search')?.click());
    await waitFor(() =>
      expect(document.querySelector('[role="alert"]')?.textContent).toBe(
        'You can keep up to 25 saved searches. Delete one to save another.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says so when the address holds a filter that cannot be saved', async () => {
    stubApi(() => undefined);
    await open('bounds=1,2,3');
    expect(textOf()).toContain(
      'This search cannot be saved: Bounds are south,west,north,east in degrees.',
    );
    expect(buttonNamed(document.body, 'Save search')).toBeNull();
  });
});
