import { sql } from 'drizzle-orm';
import type { EventType } from '../../../shared/schemas/messaging.ts';
import type { Db } from '../../db/client.ts';

/** A transaction or the pool: both can run the statements below. */
export type Executor = Pick<Db, 'execute'>;

export type StoredEvent = { userId: string; id: number; type: EventType; payload: unknown };

/** The NOTIFY channel; payloads are `<userId>:<eventId>`, ids only (ARCHITECTURE §5). */
export const EVENTS_CHANNEL = 'stoop_events';

/** How long a stream can be away and still replay what it missed (ARCHITECTURE §5). */
export const EVENT_RETENTION_DAYS = 7;

export type NewEvent = { userId: string; type: EventType; payload: unknown };

/**
 * Numbers and stores events inside the caller's transaction, and queues their NOTIFY for its
 * commit. Each user's counter row is locked until commit, so a user's events become visible in
 * id order and a stream that has seen id N never later finds an N-1. Users are locked in id order
 * so two transactions touching the same pair of users cannot deadlock.
 */
export async function appendEvents(tx: Executor, newEvents: NewEvent[]): Promise<StoredEvent[]> {
  const sorted = [...newEvents].sort((a, b) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0,
  );
  const stored: StoredEvent[] = [];
  for (const event of sorted) {
    const result = await tx.execute<{ id: string }>(sql`
      with counter as (
        insert into user_event_counters (user_id, last_event_id) values (${event.userId}, 1)
        on conflict (user_id) do update
          set last_event_id = user_event_counters.last_event_id + 1
        returning last_event_id
      ), stored as (
        insert into events (user_id, id, type, payload)
        select ${event.userId}, last_event_id, ${event.type}, ${JSON.stringify(event.payload)}::jsonb
        from counter
        returning id
      )
      select id, pg_notify(${EVENTS_CHANNEL}, ${event.userId}::text || ':' || id) from stored`);
    const id = Number(result.rows[0]?.id);
    stored.push({ ...event, id });
  }
  return stored;
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
    payload: row.payload,
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
