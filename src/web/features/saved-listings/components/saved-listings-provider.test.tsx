// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hookProbe, render, renderError } from '../../../testing/render.tsx';
import { SavedListingsProvider, useSavedListings } from './saved-listings-provider.tsx';

const probe = hookProbe(useSavedListings);

describe('SavedListingsProvider', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('toggles a listing in and out with a temporary entry', async () => {
    await render(
      <SavedListingsProvider userId="u1">
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave('l1'));
    expect(probe.current().isSaved('l1')).toBe(true);
    expect(probe.current().savedListings[0]).toMatchObject({
      user_id: 'u1',
      listing_id: 'l1',
      listing: { id: 'l1' },
    });
    expect(probe.current().savedListings[0]?.id).toMatch(/^temp-/);
    await act(async () => probe.current().toggleSave('l1'));
    expect(probe.current().isSaved('l1')).toBe(false);
    expect(probe.current().savedListings).toHaveLength(0);
  });

  it('only warns without a user or a listing id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { rerender } = await render(
      <SavedListingsProvider userId={null}>
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave('l1'));
    expect(probe.current().savedListings).toHaveLength(0);
    await rerender(
      <SavedListingsProvider userId="u1">
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave(''));
    expect(probe.current().savedListings).toHaveLength(0);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('starts empty for another user', async () => {
    const { rerender } = await render(
      <SavedListingsProvider userId="u1">
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave('l1'));
    await rerender(
      <SavedListingsProvider userId="u2">
        <probe.Probe />
      </SavedListingsProvider>,
    );
    expect(probe.current().savedListings).toHaveLength(0);
  });

  it('throws a clear error outside its provider', async () => {
    const error = await renderError(<probe.Probe />);
    expect((error as Error).message).toBe(
      'useSavedListings must be used within a SavedListingsProvider.',
    );
  });
});
