// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../../shared/constants.ts';
import { hookProbe, render, renderError } from '../../../testing/render.tsx';
import { NOTES_MESSAGES, NotesProvider, todayInNewYork, useNotes } from './notes-provider.tsx';

const probe = hookProbe(useNotes);

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('NotesProvider', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('creates, updates and deletes notes in the per-user storage key', async () => {
    await render(
      <NotesProvider userId="u1">
        <probe.Probe />
      </NotesProvider>,
    );
    let id = '';
    await act(async () => {
      id = probe.current().createNote({ propertyAddress: '12 Bergen St', content: 'Bright' }).id;
    });
    const note = probe.current().notes[0];
    expect(note).toMatchObject({
      userId: 'u1',
      propertyAddress: '12 Bergen St',
      dateViewed: todayInNewYork(),
      amenities: [],
      images: [],
    });
    const stored = () => JSON.parse(localStorage.getItem(STORAGE_KEYS.notes('u1')) ?? '[]');
    expect(stored()).toHaveLength(1);

    await act(async () => {
      probe.current().updateNote(id, { content: 'Bright, quiet' });
    });
    expect(probe.current().notes[0]?.content).toBe('Bright, quiet');
    expect(() => probe.current().updateNote('missing', {})).toThrow(NOTES_MESSAGES.notFound);

    await act(async () => probe.current().deleteNote(id));
    expect(probe.current().notes).toHaveLength(0);
    expect(stored()).toHaveLength(0);
  });

  it('refuses changes when signed out', async () => {
    await render(
      <NotesProvider userId={null}>
        <probe.Probe />
      </NotesProvider>,
    );
    expect(() => probe.current().createNote({})).toThrow('User must be logged in to create notes');
    expect(() => probe.current().updateNote('x', {})).toThrow(
      'User must be logged in to update notes',
    );
    expect(() => probe.current().deleteNote('x')).toThrow('User must be logged in to delete notes');
  });

  it('reports unreadable storage with the spec message', async () => {
    localStorage.setItem(STORAGE_KEYS.notes('u1'), '{broken');
    await render(
      <NotesProvider userId="u1">
        <probe.Probe />
      </NotesProvider>,
    );
    expect(probe.current().error).toBe('Failed to load notes. Please try again later.');
  });

  it('queues changes made offline and clears the queue when back online', async () => {
    await render(
      <NotesProvider userId="u1">
        <probe.Probe />
      </NotesProvider>,
    );
    await act(async () => setOnline(false));
    expect(probe.current().isOnline).toBe(false);
    await act(async () => {
      probe.current().createNote({ content: 'offline note' });
    });
    expect(probe.current().pendingSync).toHaveLength(1);
    await act(async () => setOnline(true));
    expect(probe.current().isOnline).toBe(true);
    expect(probe.current().pendingSync).toHaveLength(0);
    expect(probe.current().notes).toHaveLength(1);
  });

  it('throws a clear error outside its provider', async () => {
    const error = await renderError(<probe.Probe />);
    expect((error as Error).message).toBe('useNotes must be used within a NotesProvider.');
  });
});
