import type { LandlordStats } from '../../../shared/schemas/billing.ts';
import type { EventBus } from '../events/events.service.ts';

/*
 * `GET /api/landlord/stats` answers kept in memory per landlord. Every change to a landlord's
 * figures publishes a live event to that landlord (views flushed and saves: landlord.stats.changed;
 * messages and reads; tours; waitlist entries; listing created or its status changed; billing),
 * committed events reach every instance (LISTEN/NOTIFY), so an answer is forgotten at the first
 * event to its landlord. Time moves figures too (a tour starts, a day ends): TTL_MS at most.
 * The landlord is subscribed before the answer is read, and an answer read across an event is
 * not kept, so no change slips between the read and the keeping.
 */

const TTL_MS = 30_000;
const MAX_ENTRIES = 5_000;

type Entry = { stats?: LandlordStats; validUntil: number; unsubscribe: () => void };

export class LandlordStatsCache {
  private readonly entries = new Map<string, Entry>();
  private version = 0;
  private readonly forgottenAt = new Map<string, number>();
  private forgotAllAt = 0;

  constructor(
    private readonly events: Pick<EventBus, 'subscribe' | 'sync'>,
    /** True while committed events reach this instance; nothing is served otherwise. */
    private readonly enabled: () => boolean,
    private readonly now: () => number = Date.now,
  ) {}

  /** Once this instance has heard every notice committed so far (its own writes' echoes). */
  settle(): Promise<void> {
    return this.events.sync();
  }

  get(landlordId: string): LandlordStats | undefined {
    if (!this.enabled()) return undefined;
    const entry = this.entries.get(landlordId);
    if (!entry?.stats) return undefined;
    if (entry.validUntil > this.now()) return entry.stats;
    this.forget(landlordId);
    return undefined;
  }

  /** Subscribes to the landlord's events (before the read); the token to pass to `set`. */
  begin(landlordId: string): number {
    if (this.enabled() && !this.entries.has(landlordId)) {
      if (this.entries.size >= MAX_ENTRIES) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.forget(oldest.value);
      }
      const forget = () => this.forget(landlordId);
      const unsubscribe = this.events.subscribe(landlordId, { notice: forget, close: forget });
      this.entries.set(landlordId, { validUntil: 0, unsubscribe });
    }
    return this.version;
  }

  set(landlordId: string, token: number, stats: LandlordStats) {
    const entry = this.entries.get(landlordId);
    const forgotten = Math.max(this.forgotAllAt, this.forgottenAt.get(landlordId) ?? 0);
    if (!entry || forgotten > token) return;
    entry.stats = stats;
    entry.validUntil = this.now() + TTL_MS;
  }

  forget(landlordId: string) {
    this.version++;
    this.forgottenAt.set(landlordId, this.version);
    // Only reads in flight need the marks; past the cap one mark for all keeps them right.
    if (this.forgottenAt.size > MAX_ENTRIES) {
      this.forgotAllAt = this.version;
      this.forgottenAt.clear();
    }
    const entry = this.entries.get(landlordId);
    if (!entry) return;
    this.entries.delete(landlordId);
    entry.unsubscribe();
  }
}
