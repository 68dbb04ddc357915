import { sql } from 'drizzle-orm';
import type { EventType, PublishedEvent } from '../../../shared/schemas/events.ts';
import type { Db } from '../../db/client.ts';

/** A transaction or the pool: both can run the statements below. */
export type Executor = Pick<Db, 'execute'>;

/** An event as stored: its `data` is what was published (read back from the table, unchecked). */
export type StoredEvent = { userId: string; id: number; type: EventType; data: unknown };

/** The NOTIFY channel; payloads are `<userId>:<eventId>`, ids only (docs/architecture.md §5). */
export const EVENTS_CHANNEL = 'stoop_events';

/** How long a stream can be away and still replay what it missed (docs/architecture.md §5). */
export const EVENT_RETENTION_DAYS = 7;

/** One event of the catalogue for one user. */
export type NewEvent = PublishedEvent & { userId: string };

/**
 * Numbers and stores events inside the caller's transaction, in one statement, and queues one
 * NOTIFY per user for its commit. Each user's counter row stays locked until commit, so a user's
 * events become visible in id order and a stream that has seen id N never later finds an N-1.
 * Counters are locked in user-id order so two transactions on the same pair cannot deadlock.
 * Returns the events with their ids, in the order given.
 */
export async function appendEvents(tx: Executor, newEvents: NewEvent[]): Promise<StoredEvent[]> {
  if (newEvents.length === 0) return [];
  const input = JSON.stringify(
    newEvents.map((event) => ({ userId: event.userId, type: event.type, payload: event.data })),
  );
  const result = await tx.execute<{ ord: string; id: string }>(sql`
    with input as (
      select (e->>'userId')::uuid as user_id, e->>'type' as type, e->'payload' as payload, ord
      from jsonb_array_elements(${input}::jsonb) with ordinality as t(e, ord)
    ), bumped as (
      insert into user_event_counters (user_id, last_event_id)
      select user_id, count(*) from input group by user_id order by user_id
      on conflict (user_id) do update
        set last_event_id = user_event_counters.last_event_id + excluded.last_event_id
      returning user_id, last_event_id
    ), numbered as (
      select i.user_id, i.type, i.payload, i.ord,
        b.last_event_id - count(*) over (partition by i.user_id)
          + row_number() over (partition by i.user_id order by i.ord) as id
      from input i join bumped b on b.user_id = i.user_id
    ), stored as (
      insert into events (user_id, id, type, payload)
      select user_id, id, type, payload from numbered
      returning user_id, id
    ), notified as (
      select pg_notify(${EVENTS_CHANNEL}, user_id::text || ':' || max(id)) from stored
      group by user_id
    )
    select n.ord, n.id, (select count(*) from notified) as notices from numbered n order by n.ord`);
  return result.rows.map((row) => {
    const event = newEvents[Number(row.ord) - 1] as NewEvent;
    return { userId: event.userId, id: Number(row.id), type: event.type, data: event.data };
  });
}

/** The user's newest event id (0 before their first event). */
export async function lastEventId(db: Executor, userId: string): Promise<number> {
  const result = await db.execute<{ last_event_id: string }>(
    sql`select last_event_id from user_event_counters where user_id = ${userId}`,
  );
  return Number(result.rows[0]?.last_event_id ?? 0);
}

/** Events after `afterId`, oldest first. */
export async function eventsAfter(
  db: Executor,
  userId: string,
  afterId: number,
  limit = 500,
): Promise<StoredEvent[]> {
  const result = await db.execute<{ id: string; type: EventType; payload: unknown }>(sql`
    select id, type, payload from events
    where user_id = ${userId} and id > ${afterId}
    order by id limit ${limit}`);
  return result.rows.map((row) => ({
    userId,
    id: Number(row.id),
    type: row.type,
    data: row.payload,
  }));
}

/**
 * Whether a stream that last saw `afterId` can resume: every later event must still be stored.
 * False when some were pruned (older than the retention) or the id is from another database.
 */
export async function canResume(db: Executor, userId: string, afterId: number): Promise<boolean> {
  const result = await db.execute<{ last_event_id: string | null; first_id: string | null }>(sql`
    select
      (select last_event_id from user_event_counters where user_id = ${userId}) as last_event_id,
      (select min(id) from events where user_id = ${userId} and id > ${afterId}) as first_id`);
  const row = result.rows[0];
  const last = Number(row?.last_event_id ?? 0);
  if (afterId > last) return false;
  if (afterId === last) return true;
  return row?.first_id !== null && Number(row?.first_id) === afterId + 1;
}

/** Drops events past the retention; run periodically by every instance (idempotent). */
export async function pruneEvents(db: Executor): Promise<number> {
  const result = await db.execute(
    sql`delete from events where created_at < now() - make_interval(days => ${EVENT_RETENTION_DAYS})`,
  );
  return result.rowCount ?? 0;
}
