// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import type { CreateNoteInput, Note } from '../../../../shared/schemas/notes.ts';
import { flush, hookProbe, render, renderError, waitFor } from '../../../testing/render.tsx';
import { type NotesRemote, todayInNewYork } from '../notes-store.ts';
import { NOTES_MESSAGES, NotesProvider, useNotes } from './notes-provider.tsx';

const probe = hookProbe(useNotes);
const USER = '00000000-0000-4000-8000-000000000001';

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A server that answers from memory and counts creates. */
function fakeRemote() {
  const notes = new Map<string, Note>();
  let creates = 0;
  const remote: NotesRemote = {
    list: async () => {
      if (!navigator.onLine) throw Object.assign(new Error('offline'), { status: 0 });
      return [...notes.values()];
    },
    create: async (input: CreateNoteInput) => {
      if (!navigator.onLine) throw Object.assign(new Error('offline'), { status: 0 });
      creates += 1;
      const note = {
        id: input.id ?? 'x',
        userId: USER,
        propertyAddress: input.propertyAddress,
        unitNumber: input.unitNumber ?? '',
        dateViewed: input.dateViewed ?? todayInNewYork(),
        content: input.content,
        amenities: input.amenities ?? [],
        listingId: null,
        photos: [],
        version: 1,
        conflictOf: null,
        createdAt: '',
        updatedAt: '',
      } satisfies Note;
      notes.set(note.id, note);
      return { note };
    },
    update: async () => {
      throw new Error('not used');
    },
    remove: async () => {},
  };
  return { remote, creates: () => creates };
}

function wrap(children: ReactNode, userId: string | null, remote: NotesRemote) {
  const client = new QueryClient();
  return (
    <QueryClientProvider client={client}>
      <NotesProvider userId={userId} remote={remote}>
        {children}
      </NotesProvider>
    </QueryClientProvider>
  );
}

describe('NotesProvider', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('keeps an offline note in the per-user key as waiting, and syncs it once on reconnect', async () => {
    const server = fakeRemote();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await render(wrap(<probe.Probe />, USER, server.remote));
    // Loading while the store's code arrives (it is not in the page's first load).
    expect(probe.current().isLoading).toBe(true);
    await waitFor(() => expect(probe.current().isLoading).toBe(false));
    expect(probe.current().isOnline).toBe(false);
    let id = '';
    await act(async () => {
      id = probe.current().createNote({ propertyAddress: '12 Bergen St', content: 'Bright' }).id;
    });
    expect(probe.current().notes[0]).toMatchObject({ propertyAddress: '12 Bergen St' });
    expect(probe.current().pendingSync).toEqual([id]);
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.notes(USER)) ?? '[]');
    expect(stored).toHaveLength(1);

    await act(async () => setOnline(true));
    await flush(6);
    expect(probe.current().pendingSync).toEqual([]);
    expect(server.creates()).toBe(1);
    expect(probe.current().notes).toHaveLength(1);
  });

  it('refuses changes when signed out, with the spec messages', async () => {
    await render(wrap(<probe.Probe />, null, fakeRemote().remote));
    expect(() => probe.current().createNote({ propertyAddress: 'x' })).toThrow(
      'User must be logged in to create notes',
    );
    expect(() => probe.current().updateNote('x', {})).toThrow(
      'User must be logged in to update notes',
    );
    expect(() => probe.current().deleteNote('x')).toThrow('User must be logged in to delete notes');
  });

  it('reports unreadable storage with the spec message', async () => {
    localStorage.setItem(STORAGE_KEYS.notes(USER), '{broken');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await render(wrap(<probe.Probe />, USER, fakeRemote().remote));
    await waitFor(() => expect(probe.current().error).toBe(NOTES_MESSAGES.loadFailed));
  });

  it('throws a clear error outside its provider', async () => {
    const error = await renderError(<probe.Probe />);
    expect((error as Error).message).toBe('useNotes must be used within a NotesProvider.');
  });
});
