import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { pruneSendCounters } from './messaging.jobs.ts';

const { client, db } = await createTestApp();

async function countersOf(userId: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from message_send_counters where user_id = ${userId}`,
  );
  return rows[0]?.n ?? -1;
}

describe('messaging jobs', () => {
  it('prunes send counters of windows past an hour, keeping the current ones', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    await send(renter, conversation.id, 'old');
    await send(landlord, conversation.id, 'current');
    await db.execute(sql`update message_send_counters set window_start = now() - interval '2 hours'
      where user_id = ${renter.id}`);
    expect(await pruneSendCounters(db)).toBe(1);
    expect(await countersOf(renter.id)).toBe(0);
    expect(await countersOf(landlord.id)).toBe(1);
    expect(await pruneSendCounters(db)).toBe(0);
  });
});
