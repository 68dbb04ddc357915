import { describe, expect, it } from 'vitest';
import { EVENT_TYPES, LiveEventSchema } from './events.ts';

const message = {
  id: '00000000-0000-4000-8000-000000000001',
  conversationId: '00000000-0000-4000-8000-0000000000c1',
  senderId: '00000000-0000-4000-8000-00000000000a',
  receiverId: '00000000-0000-4000-8000-00000000000b',
  content: 'Hello',
  listingId: null,
  createdAt: '2026-11-24T12:00:00.000Z',
  isEdited: false,
  editedAt: null,
  isRead: true,
  readAt: null,
  readByReceiverAt: null,
};

describe('the live event catalogue', () => {
  it('names every type once, the platform and each feature', () => {
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect([...EVENT_TYPES].sort()).toEqual([
      'alert.created',
      'application.changed',
      'application.removed',
      'billing.changed',
      'landlord.stats.changed',
      'message.created',
      'message.updated',
      'messages.read',
      'notes.changed',
      'ready',
      'reset',
      'saved-searches.changed',
      'tour.changed',
      'unread.changed',
      'waitlist.changed',
    ]);
  });

  it("reads a message.created with the sender's idempotency key, or without it", () => {
    const sender = LiveEventSchema.parse({
      type: 'message.created',
      data: { message, idempotencyKey: 'key-0001' },
    });
    expect(sender).toMatchObject({ type: 'message.created', data: { idempotencyKey: 'key-0001' } });
    const receiver = LiveEventSchema.parse({ type: 'message.created', data: { message } });
    expect(receiver.data).not.toHaveProperty('idempotencyKey');
  });

  it('refuses unknown types and data of the wrong shape', () => {
    expect(LiveEventSchema.safeParse({ type: 'listing.created', data: {} }).success).toBe(false);
    expect(
      LiveEventSchema.safeParse({ type: 'unread.changed', data: { total: 'x' } }).success,
    ).toBe(false);
    expect(
      LiveEventSchema.safeParse({ type: 'message.created', data: { message, idempotencyKey: '' } })
        .success,
    ).toBe(false);
  });
});
