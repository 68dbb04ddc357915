import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchUnreadCounts, parseUnreadCounts } from './api/get-unread-count.ts';
import { unreadBadgeText } from './unread-badge.ts';

describe('unreadBadgeText', () => {
  it('shows nothing for zero', () => {
    expect(unreadBadgeText(0)).toBeNull();
  });
  it('shows the total up to 99', () => {
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(99)).toBe('99');
  });
  it('caps at 99+', () => {
    expect(unreadBadgeText(100)).toBe('99+');
    expect(unreadBadgeText(5000)).toBe('99+');
  });
});

describe('fetchUnreadCounts', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks GET /api/messages/unread-count', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ total: 3, byConversation: { c1: 2, c2: 1 } }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await expect(fetchUnreadCounts()).resolves.toEqual({
      total: 3,
      byConversation: { c1: 2, c2: 1 },
    });
    expect(fetch).toHaveBeenCalledWith('/api/messages/unread-count', expect.anything());
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseUnreadCounts({ total: '3' })).toThrow('Unexpected answer from the server.');
    expect(() => parseUnreadCounts({ total: 1, byConversation: { c: 'x' } })).toThrow();
  });
});
