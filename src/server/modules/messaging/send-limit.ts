import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error.ts';
import type { Executor } from './message-rows.ts';

/** The send limit's refusal: 429, and when the next send will be counted in a new minute. */
function rateLimited(retryAfterSeconds: number) {
  return new AppError('RATE_LIMITED', {
    message: 'You are sending messages too quickly. Please wait a moment and try again.',
    headers: { 'Retry-After': String(retryAfterSeconds) },
  });
}

/**
 * Counts a send in the user's current minute; over the limit rolls the send back. The limit
 * applies to a sliding minute, estimated from this minute's count plus the previous minute's
 * weighted by how much of it the last 60 s still cover: fixed minutes alone would let twice
 * the limit through around the turn of a minute.
 */
export async function countSend(tx: Executor, userId: string, limit: number) {
  const result = await tx.execute<{ sent: number; retry_after: number }>(sql`
    with bump as (
      insert into message_send_counters (user_id, window_start, count)
      values (${userId}, date_trunc('minute', now()), 1)
      on conflict (user_id, window_start) do update
        set count = message_send_counters.count + 1
      returning count)
    select (bump.count + coalesce((
        select p.count from message_send_counters p
        where p.user_id = ${userId} and p.window_start = date_trunc('minute', now()) - interval '1 minute'
      ), 0) * (1 - extract(epoch from now() - date_trunc('minute', now())) / 60))::float8 as sent,
      ceil(extract(epoch from date_trunc('minute', now()) + interval '1 minute' - now()))::int
        as retry_after
    from bump`);
  const row = result.rows[0];
  if (row && row.sent > limit) throw rateLimited(Math.max(1, row.retry_after));
}
