import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { EventBus } from './event-bus.ts';
import {
  appendEvents,
  type Executor,
  lastEventId,
  type NewEvent,
  pruneEvents as pruneStoredEvents,
  type StoredEvent,
} from './event-store.ts';

/*
 * What other modules use of the events module (docs/architecture.md §5, decision 024). A module
 * publishes live events only through `publishEvents`, inside its own transaction; it never writes
 * the events table itself.
 */

export type { EventBus, SignalHandler } from './event-bus.ts';
export type { NewEvent } from './event-store.ts';

export type EventsCtx = { db: Db; events: EventBus };

type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
declare const withEvents: unique symbol;
/** A transaction opened by `transactionWithEvents`, the only kind `publishEvents` takes. */
export type EventsTransaction = Transaction & { readonly [withEvents]: true };

/** The events each open transaction has stored, for its commit. */
const published = new WeakMap<Transaction, StoredEvent[]>();

/**
 * Runs `work` in one transaction. The events it publishes are stored in that transaction and, once
 * it commits, handed to this instance's streams with their data (other instances hear of them by
 * NOTIFY, also at commit). A rollback publishes nothing.
 */
export async function transactionWithEvents<T>(
  { db, events }: EventsCtx,
  work: (tx: EventsTransaction) => Promise<T>,
): Promise<T> {
  const stored: StoredEvent[] = [];
  const result = await db.transaction((tx) => {
    published.set(tx, stored);
    return work(tx as EventsTransaction);
  });
  events.publish(stored);
  return result;
}

/**
 * Publishes events of the shared catalogue inside the caller's transaction: numbers them per
 * user, stores them and queues their NOTIFY for the commit. Streams see them after the commit,
 * in each user's id order.
 */
export async function publishEvents(tx: EventsTransaction, newEvents: NewEvent[]): Promise<void> {
  const queue = published.get(tx);
  if (!queue) throw new Error('publishEvents needs a transaction from transactionWithEvents.');
  queue.push(...(await appendEvents(tx, newEvents)));
}

/** The channel that tells every instance to end a user's live streams (suspension). */
export const STREAMS_END_CHANNEL = 'stoop_streams_end';

/**
 * Ends the user's open live streams on every instance once `tx` commits (a rollback ends
 * nothing). Their sessions must be gone by then, or the browser simply reconnects.
 */
export async function endUserStreams(tx: Executor, userId: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${STREAMS_END_CHANNEL}, ${userId})`);
}

/**
 * Where the user's live stream stands now: the newest event id, every event up to it committed.
 * A page that reads this before its first requests can open `GET /api/events?lastEventId=` with
 * it and be sent every later event, instead of a fresh stream's `ready` and a refetch of all it
 * has loaded (decision 062).
 */
export function liveEventPosition(db: Executor, userId: string): Promise<number> {
  return lastEventId(db, userId);
}

/** Drops events past the 7-day replay window (for scheduled housekeeping; idempotent). */
export function pruneEvents(db: Executor): Promise<number> {
  return pruneStoredEvents(db);
}
