import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SSEStreamingApi } from 'hono/streaming';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionResponseSchema } from '../../../shared/schemas/auth.ts';
import {
  LiveEventSchema,
  MessageCreatedEventSchema,
  MessageEventSchema,
} from '../../../shared/schemas/events.ts';
import { UnreadCountSchema } from '../../../shared/schemas/messaging.ts';
import {
  conversationWithAgedEvents,
  EventStreamReader,
  openConversation,
  person,
  send,
} from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import type { EventNotice } from './event-bus.ts';
import { pruneEvents } from './event-store.ts';
import { type EventsTransaction, publishEvents, transactionWithEvents } from './events.service.ts';
import { LiveStream } from './live-stream.ts';

const { app, db, client, url, deps } = await createTestApp();
// A second instance on the same database: its own pool and its own LISTEN connection.
const second = await createTestApp({ database: url });

const open: EventStreamReader[] = [];
async function stream(who: { client: typeof client }, lastEventId?: number, on = app) {
  const reader = await EventStreamReader.open(on, who.client, lastEventId);
  open.push(reader);
  return reader;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const messageIdOf = (data: unknown) => MessageEventSchema.parse(data).message.id;

describe('GET /api/events', () => {
  it('is for signed-in users only', async () => {
    const res = await app.request('/api/events');
    expect(res.status).toBe(401);
  });

  it('starts with ready, then delivers a new message to both sides and the unread count', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const renterStream = await stream(renter);
    const landlordStream = await stream(landlord);
    await landlordStream.until((events) => events.some((e) => e.type === 'ready'));
    await renterStream.until((events) => events.some((e) => e.type === 'ready'));
    expect(landlordStream.events[0]).toMatchObject({ type: 'ready', id: 0 });

    const message = await send(renter, conversation.id, 'Hi! Is the loft still free?');
    await landlordStream.until((events) => events.some((e) => e.type === 'unread.changed'));
    const created = landlordStream.ofType('message.created');
    expect(created).toHaveLength(1);
    expect(MessageEventSchema.parse(created[0]?.data).message).toMatchObject({
      id: message.id,
      content: 'Hi! Is the loft still free?',
      isRead: false,
    });
    expect(UnreadCountSchema.parse(landlordStream.ofType('unread.changed')[0]?.data)).toEqual({
      total: 1,
      byConversation: { [conversation.id]: 1 },
    });
    await renterStream.until((events) => events.some((e) => e.type === 'message.created'));
    expect(messageIdOf(renterStream.ofType('message.created')[0]?.data)).toBe(message.id);
  });

  it("gives a send's idempotency key to the sender's streams only", async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const renterStream = await stream(renter);
    const landlordStream = await stream(landlord);
    await renterStream.until((events) => events.some((e) => e.type === 'ready'));
    await landlordStream.until((events) => events.some((e) => e.type === 'ready'));

    const key = `key-${randomUUID()}`;
    const message = await send(renter, conversation.id, 'Keyed', key);
    await renterStream.until((events) => events.some((e) => e.type === 'message.created'));
    await landlordStream.until((events) => events.some((e) => e.type === 'unread.changed'));
    const mine = MessageCreatedEventSchema.parse(renterStream.ofType('message.created')[0]?.data);
    expect(mine.idempotencyKey).toBe(key);
    expect(mine.message.id).toBe(message.id);
    const theirs = landlordStream.ofType('message.created')[0]?.data;
    expect(MessageCreatedEventSchema.parse(theirs).message.id).toBe(message.id);
    expect(theirs).not.toHaveProperty('idempotencyKey');
    // Nothing the other side can read carries it: neither its stream nor its stored events.
    expect(JSON.stringify(landlordStream.events)).not.toContain(key);
    const stored = await db.execute<{ n: number }>(sql`select count(*)::int as n from events
      where user_id = ${landlord.id} and payload::text like ${`%${key}%`}`);
    expect(stored.rows[0]?.n).toBe(0);
    // Every event on both streams is one of the shared catalogue.
    for (const event of [...renterStream.events, ...landlordStream.events]) {
      expect(LiveEventSchema.safeParse({ type: event.type, data: event.data }).success).toBe(true);
    }

    // A retry of the same send publishes nothing new.
    const seen = renterStream.lastId;
    const retry = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'Keyed',
      idempotencyKey: key,
    });
    expect(retry.status).toBe(200);
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where user_id = ${renter.id} and id > ${seen}`,
    );
    expect(after.rows[0]?.n).toBe(0);
  });

  it('delivers edits and read receipts live', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const message = await send(renter, conversation.id, 'Tuesday?');
    const renterStream = await stream(renter);
    const landlordStream = await stream(landlord);
    await renterStream.until((events) => events.some((e) => e.type === 'ready'));
    await landlordStream.until((events) => events.some((e) => e.type === 'ready'));

    await landlord.client.post(`/api/conversations/${conversation.id}/read`);
    const [receipt] = (
      await renterStream.until((events) => events.some((e) => e.type === 'messages.read'))
    ).filter((e) => e.type === 'messages.read');
    expect(receipt?.data).toMatchObject({
      conversationId: conversation.id,
      readerId: landlord.id,
      messageIds: [message.id],
    });
    await landlordStream.until((events) => events.some((e) => e.type === 'unread.changed'));
    expect(landlordStream.ofType('unread.changed').at(-1)?.data).toEqual({
      total: 0,
      byConversation: {},
    });

    await renter.client.patch(`/api/messages/${message.id}`, { content: 'Wednesday?' });
    const [updated] = (
      await landlordStream.until((events) => events.some((e) => e.type === 'message.updated'))
    ).filter((e) => e.type === 'message.updated');
    expect(MessageEventSchema.parse(updated?.data).message).toMatchObject({
      id: message.id,
      content: 'Wednesday?',
      isEdited: true,
      isRead: true,
    });
  });

  it('never reaches a non-participant', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const outsider = await person(client);
    const conversation = await openConversation(renter, landlord);
    const outsiderStream = await stream(outsider);
    const landlordStream = await stream(landlord);
    await outsiderStream.until((events) => events.some((e) => e.type === 'ready'));
    await landlordStream.until((events) => events.some((e) => e.type === 'ready'));
    const message = await send(renter, conversation.id, 'private');
    await landlord.client.post(`/api/conversations/${conversation.id}/read`);
    await renter.client.patch(`/api/messages/${message.id}`, { content: 'still private' });
    // By the time the landlord has all three, anything misrouted would have arrived too.
    await landlordStream.until((events) =>
      events.some((e) => e.type === 'message.updated' && messageIdOf(e.data) === message.id),
    );
    expect(outsiderStream.events.map((e) => e.type)).toEqual(['ready']);
    const stored = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from events where user_id = ${outsider.id}`,
    );
    expect(stored.rows[0]?.n).toBe(0);
  });

  it('resumes with Last-Event-ID: every missed event exactly once, then live again', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const first = await stream(landlord);
    await send(renter, conversation.id, 'one');
    await first.until((events) => events.filter((e) => e.type === 'message.created').length === 1);
    const seen = first.lastId;
    await first.close();

    // Missed while away: two messages, a read and an edit.
    const two = await send(renter, conversation.id, 'two');
    await send(renter, conversation.id, 'three');
    await landlord.client.post(`/api/conversations/${conversation.id}/read`);
    await renter.client.patch(`/api/messages/${two.id}`, { content: 'two, edited' });

    const resumed = await stream(landlord, seen);
    const stored = await db.execute<{ id: string }>(
      sql`select id from events where user_id = ${landlord.id} and id > ${seen} order by id`,
    );
    const missed = stored.rows.map((row) => Number(row.id));
    expect(missed.length).toBeGreaterThanOrEqual(6);
    await resumed.until((events) => events.length >= missed.length);
    expect(resumed.events.map((e) => e.id)).toEqual(missed);
    expect(resumed.events.some((e) => e.type === 'ready')).toBe(false);

    const four = await send(renter, conversation.id, 'four');
    await resumed.until((events) =>
      events.some((e) => e.type === 'message.created' && messageIdOf(e.data) === four.id),
    );
    const ids = resumed.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("resumes from /api/session's liveEventId: what came after that answer, and no ready", async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    await send(renter, conversation.id, 'before the page loaded');
    const session = SessionResponseSchema.parse(
      await (await landlord.client.get('/api/session')).json(),
    );
    const stored = await db.execute<{ last_event_id: string }>(
      sql`select last_event_id from user_event_counters where user_id = ${landlord.id}`,
    );
    expect(session.liveEventId).toBe(Number(stored.rows[0]?.last_event_id));
    expect(session.liveEventId).toBeGreaterThan(0);

    // Sent while the page loads, before its stream opens.
    const during = await send(renter, conversation.id, 'while the page loaded');
    const live = await stream(landlord, session.liveEventId);
    await live.until((events) => events.some((e) => e.type === 'message.created'));
    expect(live.events[0]?.id).toBe((session.liveEventId ?? 0) + 1);
    expect(live.events.some((e) => e.type === 'ready' || e.type === 'reset')).toBe(false);
    expect(live.ofType('message.created').map((e) => messageIdOf(e.data))).toEqual([during.id]);
  });

  it('answers a visitor no liveEventId', async () => {
    const body = SessionResponseSchema.parse(await (await app.request('/api/session')).json());
    expect(body).toEqual({ user: null });
  });

  it('sends reset when the missed events are no longer stored', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    await send(renter, conversation.id, 'one');
    await send(renter, conversation.id, 'two');
    // As if pruned after 7 days.
    await db.execute(sql`delete from events where user_id = ${landlord.id} and id <= 2`);
    const resumed = await stream(landlord, 1);
    await resumed.until((events) => events.length > 0);
    expect(resumed.events[0]).toMatchObject({ type: 'reset', id: 4 });
    // An id from the future (another database) resets too.
    const future = await stream(landlord, 999);
    await future.until((events) => events.length > 0);
    expect(future.events[0]?.type).toBe('reset');
  });

  it('delivers a message sent through one instance to a stream held by another', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    const onSecond = await stream(landlord, undefined, second.app);
    await onSecond.until((events) => events.some((e) => e.type === 'ready'));
    const message = await send(renter, conversation.id, 'across instances');
    await onSecond.until((events) =>
      events.some((e) => e.type === 'message.created' && messageIdOf(e.data) === message.id),
    );
    expect(deps.events.size).toBe(0);
    expect(second.deps.events.size).toBe(1);
  });

  it("publishes through the caller's transaction: after its commit, and nothing on a rollback", async () => {
    const user = await person(client);
    const notices: EventNotice[] = [];
    const unsubscribe = deps.events.subscribe(user.id, {
      notice: (notice) => notices.push(notice),
      close: () => {},
    });
    const ctx = { db, events: deps.events };
    const counts = { total: 0, byConversation: {} };
    const publish = (tx: EventsTransaction) =>
      publishEvents(tx, [{ userId: user.id, type: 'unread.changed', data: counts }]);
    const stored = async () =>
      (await db.execute(sql`select 1 from events where user_id = ${user.id}`)).rows.length;
    try {
      await expect(
        transactionWithEvents(ctx, async (tx) => {
          await publish(tx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await stored()).toBe(0);
      expect(notices).toEqual([]);

      await transactionWithEvents(ctx, async (tx) => {
        await publish(tx);
        // Not before the commit.
        expect(notices).toEqual([]);
      });
      expect(await stored()).toBe(1);
      // The local hand-over carries the data; the echo of our own NOTIFY (id only) arrives on
      // another socket, before or after it.
      expect(notices.every((notice) => notice.userId === user.id && notice.id === 1)).toBe(true);
      expect(notices.find((notice) => notice.event)).toMatchObject({
        userId: user.id,
        id: 1,
        event: { data: counts },
      });

      // Only a transaction from transactionWithEvents can publish.
      await expect(db.transaction((tx) => publish(tx as EventsTransaction))).rejects.toThrow(
        'transactionWithEvents',
      );
    } finally {
      unsubscribe();
    }
  });

  it('does not replay events for a notice that arrives while the stream is starting', async () => {
    const renter = await person(client);
    const landlord = await person(client, 'landlord');
    const conversation = await openConversation(renter, landlord);
    await send(renter, conversation.id, 'one');
    await send(renter, conversation.id, 'two');
    const written: string[] = [];
    const sink = {
      closed: false,
      aborted: false,
      writeSSE: async (message: { id?: string }) => {
        written.push(message.id ?? '');
      },
      write: async () => sink,
    };
    const live = new LiveStream(sink as unknown as SSEStreamingApi, db, landlord.id, deps.logger);
    // Subscribed before start(): a notice can come first. Resuming after event 2 of 4.
    live.notice({ userId: landlord.id, id: 4 });
    await live.start(2);
    expect(written).toEqual(['3', '4']);
  });

  it('lets no listener outlive its client', async () => {
    const renter = await person(client);
    const before = deps.events.size;
    const tabs = await Promise.all([stream(renter), stream(renter), stream(renter)]);
    await Promise.all(tabs.map((tab) => tab.until((events) => events.length > 0)));
    expect(deps.events.size).toBe(before + 3);
    await Promise.all(tabs.map((tab) => tab.close()));
    const deadline = Date.now() + 2_000;
    while (deps.events.size !== before && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(deps.events.size).toBe(before);
  });

  it('prunes events past the 7-day window, keeping the rest', async () => {
    const { landlord } = await conversationWithAgedEvents(client, db);
    expect(await pruneEvents(db)).toBe(2);
    const left = await db.execute<{ id: string }>(
      sql`select id from events where user_id = ${landlord.id} order by id`,
    );
    expect(left.rows.map((row) => Number(row.id))).toEqual([3, 4]);
  });
});
