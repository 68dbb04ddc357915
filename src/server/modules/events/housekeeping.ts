import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Logger } from '../../lib/logger.ts';
import { pruneListingChanges } from '../listings/listings.service.ts';
import { pruneEvents } from './event-store.ts';

const EVERY_MS = 60 * 60 * 1000;

/** Drops send counters of windows long past (the limit only reads the current minute). */
export async function pruneSendCounters(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from message_send_counters where window_start < now() - interval '1 hour'`,
  );
  return result.rowCount ?? 0;
}

/**
 * Hourly on every instance: events past the 7-day replay window, old send counters and the
 * listing change log's old entries go. The deletes are idempotent, so instances need no
 * coordination.
 */
export function startHousekeeping(db: Db, logger: Logger): () => void {
  const run = async () => {
    try {
      const events = await pruneEvents(db);
      const counters = await pruneSendCounters(db);
      const listingChanges = await pruneListingChanges(db);
      if (events || counters || listingChanges) {
        logger.info({ events, counters, listingChanges }, 'pruned old events');
      }
    } catch (error) {
      logger.warn({ err: error }, 'housekeeping failed');
    }
  };
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, EVERY_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
