import { z } from 'zod';
import { ApplicationSchema } from './applications.ts';
import { SubscriptionSchema } from './billing.ts';
import { IdempotencyKeySchema, MessageSchema, UnreadCountSchema } from './messaging.ts';
import { AlertSchema } from './saved-searches.ts';
import { TourSchema, WaitlistEntrySchema } from './tours.ts';

/*
 * The live event catalogue (docs/architecture.md §5, decision 024): every event `GET /api/events`
 * sends, as one discriminated union on `type`. On the wire `event:` is the type, `data:` the JSON
 * and `id:` the user's event number. A feature adds its events here as one group and puts the group
 * into `LiveEventSchema`; the server publishes them through the events module, the browser
 * registers handlers for them with the live client (`src/web/lib/live/`).
 */

const liveEvent = <T extends string, D extends z.ZodType>(type: T, data: D) =>
  z.object({ type: z.literal(type), data });

const NoData = z.object({});

// ---- Platform: written by the stream itself, never published by a module ----

export const PLATFORM_EVENTS = [
  /** First on a fresh stream: its `id` is where a reconnect resumes. */
  liveEvent('ready', NoData),
  /** Events were missed beyond the 7-day replay window: refetch everything. */
  liveEvent('reset', NoData),
] as const;

// ---- Messaging ----

export const MessageEventSchema = z.object({ message: MessageSchema });
/**
 * The sender's copy carries the send's idempotency key, so their browser replaces exactly the
 * pending message it sent; the other participant's copy never carries it.
 */
export const MessageCreatedEventSchema = MessageEventSchema.extend({
  idempotencyKey: IdempotencyKeySchema.optional(),
});
export const MessagesReadEventSchema = z.object({
  conversationId: z.uuid(),
  readerId: z.uuid(),
  messageIds: z.array(z.uuid()),
  readAt: z.iso.datetime({ offset: true }),
});

export const MESSAGING_EVENTS = [
  /** A new message, to both participants (each sees it as their own `Message`). */
  liveEvent('message.created', MessageCreatedEventSchema),
  /** An edit, to both participants. */
  liveEvent('message.updated', MessageEventSchema),
  /** Read receipts: to the sender, and to the reader's other tabs. */
  liveEvent('messages.read', MessagesReadEventSchema),
  /** The receiver's unread counts after a change (docs/spec.md §3 "Unread counts"). */
  liveEvent('unread.changed', UnreadCountSchema),
] as const;

// ---- Tours and the waitlist (issue 13) ----

export const TOUR_EVENTS = [
  /** A tour was booked, answered, moved, cancelled or closed: to its renter and its landlord. */
  liveEvent('tour.changed', z.object({ tour: TourSchema })),
  /**
   * A waitlist entry changed (joined, moved up, offered, booked, removed): to its renter and the
   * listing's landlord.
   */
  liveEvent('waitlist.changed', z.object({ entry: WaitlistEntrySchema })),
] as const;

// ---- Billing and the dashboards (issue 14) ----

export const BILLING_EVENTS = [
  /** The landlord's plan, status, card or limit changed (any tab, any cause: a webhook too). */
  liveEvent('billing.changed', z.object({ subscription: SubscriptionSchema })),
  /**
   * The landlord's dashboard figures moved (views flushed, a save, an inquiry, a boost): refetch
   * `GET /api/landlord/stats`. At most one a few seconds per landlord.
   */
  liveEvent('landlord.stats.changed', NoData),
] as const;

// ---- Notes and moderation (issue 15) ----

export const NOTES_EVENTS = [
  /** The renter's notes changed on another tab or device: refetch `GET /api/notes`. */
  liveEvent('notes.changed', NoData),
] as const;

// ---- Saved searches and alerts (issue 16) ----

export const ALERT_EVENTS = [
  /** A new match or price drop of a saved search, or a saved listing's price drop or rental. */
  liveEvent('alert.created', z.object({ alert: AlertSchema })),
  /** The renter's saved searches changed on another tab (or their new-match counts moved). */
  liveEvent('saved-searches.changed', NoData),
] as const;

// ---- Rental applications (issue 28) ----

export const APPLICATION_EVENTS = [
  /** An application was sent, viewed, answered, offered, decided or closed: to both sides. */
  liveEvent('application.changed', z.object({ application: ApplicationSchema })),
  /** A co-applicant or guarantor is no longer on it (removed, or left on another tab). */
  liveEvent('application.removed', z.object({ id: z.uuid() })),
] as const;

// ---- The union ----

export const LiveEventSchema = z.discriminatedUnion('type', [
  ...PLATFORM_EVENTS,
  ...MESSAGING_EVENTS,
  ...TOUR_EVENTS,
  ...BILLING_EVENTS,
  ...NOTES_EVENTS,
  ...ALERT_EVENTS,
  ...APPLICATION_EVENTS,
]);
export type LiveEvent = z.infer<typeof LiveEventSchema>;
export type EventType = LiveEvent['type'];
/** The `data` of one event type. */
export type EventData<T extends EventType> = Extract<LiveEvent, { type: T }>['data'];

export type PlatformEventType = z.infer<(typeof PLATFORM_EVENTS)[number]>['type'];
/** What modules publish: stored and numbered per user (the platform's own events are not). */
export type PublishedEvent = Exclude<LiveEvent, { type: PlatformEventType }>;
export type PublishedEventType = PublishedEvent['type'];

export const EVENT_TYPES: readonly EventType[] = LiveEventSchema.options.map(
  (option) => option.shape.type.value,
);
