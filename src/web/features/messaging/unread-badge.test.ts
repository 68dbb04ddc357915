import { describe, expect, it } from 'vitest';
import { fetchUnreadCounts } from './api/get-unread-count.ts';
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
  it('answers zero until the messaging API exists', async () => {
    await expect(fetchUnreadCounts()).resolves.toEqual({ total: 0, byConversation: {} });
  });
});
