// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hookProbe, render, waitFor } from '../../../testing/render.tsx';
import {
  SavedListingsProvider,
  type SavedListingsRemote,
  useSavedListings,
} from './saved-listings-provider.tsx';

const probe = hookProbe(useSavedListings);

function remoteStub(overrides: Partial<SavedListingsRemote> = {}): SavedListingsRemote {
  return {
    load: vi.fn(async () => [{ id: 's1', listingId: 'l1', createdAt: '2026-11-01T00:00:00Z' }]),
    save: vi.fn(async () => {}),
    unsave: vi.fn(async () => {}),
    onSignInNeeded: vi.fn(),
    onError: vi.fn(),
    onChanged: vi.fn(),
    ...overrides,
  };
}

describe('SavedListingsProvider with a server', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('loads the saved listings and sends each toggle', async () => {
    const remote = remoteStub();
    await render(
      <SavedListingsProvider userId="u1" remote={remote}>
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await waitFor(() => expect(probe.current().isSaved('l1')).toBe(true));
    expect(probe.current().savedListings[0]).toMatchObject({
      id: 's1',
      user_id: 'u1',
      listing_id: 'l1',
    });

    await act(async () => probe.current().toggleSave('l2'));
    expect(probe.current().isSaved('l2')).toBe(true);
    expect(remote.save).toHaveBeenCalledWith('l2');
    await act(async () => probe.current().toggleSave('l1'));
    expect(probe.current().isSaved('l1')).toBe(false);
    expect(remote.unsave).toHaveBeenCalledWith('l1');
    await waitFor(() => expect(remote.onChanged).toHaveBeenCalledTimes(2));
  });

  it('rolls a toggle back when the server refuses it', async () => {
    const failure = new Error('nope');
    const remote = remoteStub({
      load: vi.fn(async () => []),
      save: vi.fn(async () => {
        throw failure;
      }),
    });
    await render(
      <SavedListingsProvider userId="u1" remote={remote}>
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave('l9'));
    await waitFor(() => expect(remote.onError).toHaveBeenCalledWith(failure));
    expect(probe.current().isSaved('l9')).toBe(false);
  });

  it('asks a signed-out visitor to sign in, and sends nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const remote = remoteStub();
    await render(
      <SavedListingsProvider userId={null} remote={remote}>
        <probe.Probe />
      </SavedListingsProvider>,
    );
    await act(async () => probe.current().toggleSave('l1'));
    expect(remote.onSignInNeeded).toHaveBeenCalledTimes(1);
    expect(remote.save).not.toHaveBeenCalled();
    expect(remote.load).not.toHaveBeenCalled();
  });
});
