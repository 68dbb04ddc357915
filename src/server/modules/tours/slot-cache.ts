import type { EventBus } from '../events/events.service.ts';

/*
 * Answers of `GET /api/listings/{id}/tour-slots` kept in memory (the hot read of issue 13: a
 * listing page asks on every visit). Correct across instances because PostgreSQL says when to
 * forget: triggers (migration 0013) NOTIFY `tour_slots` with the landlord's id at the commit of
 * anything slots are made of (tours, hours, settings, waitlist holds, a listing's status), and
 * every instance drops that landlord's answers. Time changes slots too: an answer lasts until
 * its first slot falls inside the notice, and at most TTL_MS.
 *
 * Only the public, renter-neutral answer is kept. The owner previewing, and a renter with a
 * waitlist hold on the listing (their hold shows to them as free), always get a fresh one.
 */

export const TOUR_SLOTS_CHANNEL = 'tour_slots';

/** Picks up what no trigger sees: the booking window's new last day, an offer that lapsed. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

export type CachedSlots = {
  landlordId: string;
  /** Renters with a waitlist hold here: their answer differs, so they are not served this. */
  holders: ReadonlySet<string>;
  /** The serialized `{ timeZone, slots }`. */
  body: string;
  validUntil: number;
};

export type SlotCacheEntry = Omit<CachedSlots, 'validUntil'> & {
  /** When the first slot falls inside the minimum notice (none: never). */
  firstSlotClosesAt: number | undefined;
};

export class SlotCache {
  private readonly entries = new Map<string, CachedSlots>();
  private readonly keysByLandlord = new Map<string, Set<string>>();
  /** Bumped by every invalidation; an answer computed across one is not kept. */
  private version = 0;
  private readonly forgottenAt = new Map<string, number>();
  private forgotAllAt = 0;

  constructor(
    private readonly events: Pick<EventBus, 'watch' | 'watching'>,
    private readonly now: () => number = Date.now,
  ) {
    events.watch(TOUR_SLOTS_CHANNEL, (landlordId) => {
      if (landlordId === null || landlordId === '*') this.forgetAll();
      else this.forget(landlordId);
    });
  }

  static key(listingId: string, from: string, to: string) {
    return `${listingId}|${from}|${to}`;
  }

  /** Serving is safe only while invalidations arrive. */
  get enabled() {
    return this.events.watching(TOUR_SLOTS_CHANNEL);
  }

  get size() {
    return this.entries.size;
  }

  /** A token to pass to `set`: where the invalidations stood before the answer was computed. */
  begin(): number {
    return this.version;
  }

  get(key: string, viewerId: string | null): CachedSlots | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= this.now()) {
      this.remove(key, entry.landlordId);
      return undefined;
    }
    if (viewerId && (viewerId === entry.landlordId || entry.holders.has(viewerId)))
      return undefined;
    return entry;
  }

  /** Keeps an answer unless its landlord's slots changed since `begin()` returned `token`. */
  set(key: string, token: number, entry: SlotCacheEntry) {
    if (!this.enabled) return;
    const forgotten = Math.max(this.forgotAllAt, this.forgottenAt.get(entry.landlordId) ?? 0);
    if (forgotten > token) return;
    const validUntil = Math.min(this.now() + TTL_MS, entry.firstSlotClosesAt ?? Infinity);
    if (validUntil <= this.now()) return;
    if (this.entries.size >= MAX_ENTRIES) this.evictOldest();
    const { firstSlotClosesAt: _, ...kept } = entry;
    this.entries.set(key, { ...kept, validUntil });
    let keys = this.keysByLandlord.get(entry.landlordId);
    if (!keys) {
      keys = new Set();
      this.keysByLandlord.set(entry.landlordId, keys);
    }
    keys.add(key);
  }

  forget(landlordId: string) {
    this.version++;
    this.forgottenAt.set(landlordId, this.version);
    // Only answers being computed right now need the mark; keep the map from growing forever.
    if (this.forgottenAt.size > MAX_ENTRIES) this.forgetAll();
    for (const key of this.keysByLandlord.get(landlordId) ?? []) this.entries.delete(key);
    this.keysByLandlord.delete(landlordId);
  }

  forgetAll() {
    this.version++;
    this.forgotAllAt = this.version;
    this.forgottenAt.clear();
    this.entries.clear();
    this.keysByLandlord.clear();
  }

  private remove(key: string, landlordId: string) {
    this.entries.delete(key);
    const keys = this.keysByLandlord.get(landlordId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByLandlord.delete(landlordId);
  }

  private evictOldest() {
    const oldest = this.entries.keys().next();
    if (oldest.done) return;
    const entry = this.entries.get(oldest.value);
    if (entry) this.remove(oldest.value, entry.landlordId);
  }
}
