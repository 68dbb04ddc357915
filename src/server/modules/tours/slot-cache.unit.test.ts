import { describe, expect, it } from 'vitest';
import type { SignalHandler } from '../events/events.service.ts';
import { SlotCache, type SlotCacheEntry, TOUR_SLOTS_CHANNEL } from './slot-cache.ts';

/** A bus whose notices the test sends by hand. */
function fakeBus() {
  const handlers: SignalHandler[] = [];
  const bus = {
    up: true,
    watch(channel: string, handler: SignalHandler) {
      expect(channel).toBe(TOUR_SLOTS_CHANNEL);
      handlers.push(handler);
      return () => {};
    },
    watching: () => bus.up,
    notify: (payload: string | null) => {
      for (const handler of handlers) handler(payload);
    },
  };
  return bus;
}

function setUp(start = 1_000_000) {
  const bus = fakeBus();
  const clock = { now: start };
  const cache = new SlotCache(bus, () => clock.now);
  return { bus, clock, cache };
}

const entry = (over: Partial<SlotCacheEntry> = {}): SlotCacheEntry => ({
  landlordId: 'landlord-1',
  holders: new Set(),
  body: '{"timeZone":"America/New_York","slots":[]}',
  firstSlotClosesAt: undefined,
  ...over,
});

const KEY = SlotCache.key('listing-1', '2026-12-01', '2026-12-21');

describe('SlotCache', () => {
  it('keeps an answer and serves it to anyone but the owner and hold holders', () => {
    const { cache } = setUp();
    cache.set(KEY, cache.begin(), entry({ holders: new Set(['renter-h']) }));
    expect(cache.get(KEY, null)?.body).toContain('America/New_York');
    expect(cache.get(KEY, 'renter-1')).toBeDefined();
    expect(cache.get(KEY, 'landlord-1')).toBeUndefined();
    expect(cache.get(KEY, 'renter-h')).toBeUndefined();
  });

  it("forgets a landlord's answers on their notice, and everything on '*' or a lost listener", () => {
    const { bus, cache } = setUp();
    const other = SlotCache.key('listing-2', '2026-12-01', '2026-12-21');
    cache.set(KEY, cache.begin(), entry());
    cache.set(other, cache.begin(), entry({ landlordId: 'landlord-2' }));
    bus.notify('landlord-1');
    expect(cache.get(KEY, null)).toBeUndefined();
    expect(cache.get(other, null)).toBeDefined();
    bus.notify('*');
    expect(cache.size).toBe(0);
    cache.set(KEY, cache.begin(), entry());
    bus.notify(null);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer computed across a notice for its landlord', () => {
    const { bus, cache } = setUp();
    const token = cache.begin();
    bus.notify('landlord-1');
    cache.set(KEY, token, entry());
    expect(cache.get(KEY, null)).toBeUndefined();
    // Another landlord's notice does not spoil it.
    const next = cache.begin();
    bus.notify('landlord-2');
    cache.set(KEY, next, entry());
    expect(cache.get(KEY, null)).toBeDefined();
  });

  it('neither keeps nor serves while notices do not arrive', () => {
    const { bus, cache } = setUp();
    cache.set(KEY, cache.begin(), entry());
    bus.up = false;
    expect(cache.get(KEY, null)).toBeUndefined();
    cache.set(SlotCache.key('listing-3', 'a', 'b'), cache.begin(), entry());
    bus.up = true;
    expect(cache.get(SlotCache.key('listing-3', 'a', 'b'), null)).toBeUndefined();
  });

  it('drops an answer when its first slot falls inside the notice, and after 30 seconds', () => {
    const { clock, cache } = setUp();
    cache.set(KEY, cache.begin(), entry({ firstSlotClosesAt: clock.now + 10_000 }));
    clock.now += 9_999;
    expect(cache.get(KEY, null)).toBeDefined();
    clock.now += 1;
    expect(cache.get(KEY, null)).toBeUndefined();

    cache.set(KEY, cache.begin(), entry());
    clock.now += 29_999;
    expect(cache.get(KEY, null)).toBeDefined();
    clock.now += 1;
    expect(cache.get(KEY, null)).toBeUndefined();
  });
});
