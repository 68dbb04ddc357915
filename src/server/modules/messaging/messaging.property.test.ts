import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  MessagePageSchema,
  type UnreadCount,
  UnreadCountSchema,
} from '../../../shared/schemas/messaging.ts';
import {
  EventStreamReader,
  openConversation,
  type Person,
  person,
} from '../../test/messaging-fixtures.ts';
import { propertyRuns } from '../../test/property-runs.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Issue 5: 2,000 random runs (a share of them in `npm test`'s second API pass, decision 057) of send / read / edit / reconnect across four users. After every send
 * or read, both participants' unread counts from the API equal a recount from message_read_status
 * (not the denormalised column); after every run, one user's read flags on the conversations the
 * run touched equal the records, and the watched user's stream, dropped and resumed at random, has
 * every event exactly once in order, its last unread count equal to the recount.
 */
const { app, db, client } = await createTestApp({
  env: { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' },
});
const users: Person[] = [];
for (let i = 0; i < 4; i++) users.push(await person(client, i % 2 ? 'landlord' : 'renter'));
const conversations: { id: string; a: number; b: number }[] = [];
for (let a = 0; a < users.length; a++) {
  for (let b = a + 1; b < users.length; b++) {
    const conversation = await openConversation(users[a] as Person, users[b] as Person);
    conversations.push({ id: conversation.id, a, b });
  }
}
const sent = new Map<number, string[]>(users.map((_, i) => [i, []]));
/** The user whose stream is watched, dropped and resumed. */
const WATCHED = 0;
let stream = await EventStreamReader.open(app, (users[WATCHED] as Person).client);
const received: { id: number; type: string; data: unknown }[] = [];
afterAll(() => stream.close());

const op = fc.oneof(
  fc.record({
    kind: fc.constant('send' as const),
    conversation: fc.nat(conversations.length - 1),
    fromA: fc.boolean(),
    text: fc.string({ minLength: 1, maxLength: 40 }),
  }),
  fc.record({
    kind: fc.constant('read' as const),
    conversation: fc.nat(conversations.length - 1),
    byA: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('edit' as const),
    user: fc.nat(users.length - 1),
    pick: fc.nat(),
    text: fc.string({ minLength: 1, maxLength: 40 }),
  }),
  fc.record({ kind: fc.constant('reconnect' as const) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

async function run(step: Op) {
  if (step.kind === 'send') {
    const conversation = conversations[step.conversation] as (typeof conversations)[number];
    const from = step.fromA ? conversation.a : conversation.b;
    const res = await (users[from] as Person).client.post(
      `/api/conversations/${conversation.id}/messages`,
      { content: `m ${step.text}`, idempotencyKey: randomUUID() },
    );
    expect(res.status).toBe(201);
    const body = (await res.json()) as { message: { id: string } };
    sent.get(from)?.push(body.message.id);
  } else if (step.kind === 'read') {
    const conversation = conversations[step.conversation] as (typeof conversations)[number];
    const reader = users[step.byA ? conversation.a : conversation.b] as Person;
    expect((await reader.client.post(`/api/conversations/${conversation.id}/read`)).status).toBe(
      200,
    );
  } else if (step.kind === 'edit') {
    const own = sent.get(step.user) ?? [];
    if (own.length === 0) return;
    const id = own[step.pick % own.length];
    const res = await (users[step.user] as Person).client.patch(`/api/messages/${id}`, {
      content: `e ${step.text}`,
    });
    expect(res.status).toBe(200);
  } else {
    received.push(...stream.events.filter((e) => e.type !== 'ready'));
    const last = received.at(-1)?.id ?? stream.lastId;
    await stream.close();
    stream = await EventStreamReader.open(app, (users[WATCHED] as Person).client, last);
  }
}

/** Unread per conversation for a user, recounted from the read-status records. */
async function recount(userIndex: number): Promise<UnreadCount> {
  const userId = (users[userIndex] as Person).id;
  const result = await db.execute<{ conversation_id: string; n: number }>(sql`
    select m.conversation_id, count(*)::int as n
    from messages m join conversations c on c.id = m.conversation_id
    where (c.participant1_id = ${userId} or c.participant2_id = ${userId})
      and m.sender_id <> ${userId}
      and not exists (
        select 1 from message_read_status s where s.message_id = m.id and s.user_id = ${userId})
    group by m.conversation_id`);
  const byConversation = Object.fromEntries(result.rows.map((r) => [r.conversation_id, r.n]));
  const total = result.rows.reduce((sum, r) => sum + r.n, 0);
  return { total, byConversation };
}

async function checkUnread(userIndex: number) {
  const res = await (users[userIndex] as Person).client.get('/api/messages/unread-count');
  expect(UnreadCountSchema.parse(await res.json())).toEqual(await recount(userIndex));
}

async function checkReadFlags(userIndex: number, touched: Set<number>) {
  const user = users[userIndex] as Person;
  for (const index of touched) {
    const conversation = conversations[index] as (typeof conversations)[number];
    if (conversation.a !== userIndex && conversation.b !== userIndex) continue;
    const records = await db.execute<{ message_id: string; user_id: string }>(sql`
      select s.message_id, s.user_id from message_read_status s
      join messages m on m.id = s.message_id where m.conversation_id = ${conversation.id}`);
    const readBy = new Set(records.rows.map((r) => `${r.message_id}:${r.user_id}`));
    const res = await user.client.get(`/api/conversations/${conversation.id}/messages?limit=100`);
    for (const message of MessagePageSchema.parse(await res.json()).items) {
      const own = message.senderId === user.id;
      expect(message.isRead).toBe(own || readBy.has(`${message.id}:${user.id}`));
      expect(message.readByReceiverAt !== null).toBe(
        readBy.has(`${message.id}:${message.receiverId}`),
      );
    }
  }
}

/** The watched stream saw every event once, in order, and its last unread count is the truth. */
async function checkStream() {
  const userId = (users[WATCHED] as Person).id;
  const counter = await db.execute<{ last: string }>(
    sql`select coalesce(max(last_event_id), 0) as last from user_event_counters where user_id = ${userId}`,
  );
  const last = Number(counter.rows[0]?.last ?? 0);
  const seen = () => [...received, ...stream.events].reduce((max, e) => Math.max(max, e.id), 0);
  await stream.until(() => seen() >= last);
  const all = [...received, ...stream.events.filter((e) => e.type !== 'ready')];
  const ids = all.map((e) => e.id);
  expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => i + 1));
  const lastUnread = all.filter((e) => e.type === 'unread.changed').at(-1);
  if (lastUnread) expect(lastUnread.data).toEqual(await recount(WATCHED));
}

describe('unread counts and read flags under random operations', () => {
  it('always equal a recount from the tables', { timeout: 480_000 }, async () => {
    await stream.until((events) => events.some((e) => e.type === 'ready'));
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 6 }),
        fc.nat(users.length - 1),
        async (steps, viewer) => {
          const touched = new Set<number>();
          for (const step of steps) {
            await run(step);
            if (step.kind === 'send' || step.kind === 'read') {
              touched.add(step.conversation);
              const conversation = conversations[
                step.conversation
              ] as (typeof conversations)[number];
              await checkUnread(conversation.a);
              await checkUnread(conversation.b);
            }
          }
          await checkReadFlags(viewer, touched);
          await checkStream();
        },
      ),
      { numRuns: propertyRuns(2000) },
    );
  });
});
