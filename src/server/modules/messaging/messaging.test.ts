import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicAddress } from '../../../shared/map-position.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  ConversationListSchema,
  ConversationResponseSchema,
  ConversationStatsSchema,
  MarkReadResponseSchema,
  MESSAGING_MESSAGES,
  MessagePageSchema,
  SendMessageResponseSchema,
  SuggestionsSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/messaging.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { shownAddress } from './conversation-list.ts';

const { app, db, client } = await createTestApp();
const landlord = await person(client, 'landlord', 'Lou Landlord');
const renter = await person(client, 'renter', 'Rita Renter');
const listing = await publishListing(app, landlord.client, { title: 'Sunny loft on Bedford' });

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

async function unread(who = renter) {
  const res = await who.client.get('/api/messages/unread-count');
  expect(res.status).toBe(200);
  return UnreadCountSchema.parse(await res.json());
}

async function conversations(who: typeof renter, query = '') {
  const res = await who.client.get(`/api/conversations${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ConversationListSchema.parse(await res.json()).items;
}

describe('get-or-create', () => {
  it('creates the pair once, smaller id first, with the listing as context', async () => {
    const first = await renter.client.post('/api/conversations', {
      participantId: landlord.id,
      listingId: listing.id,
    });
    expect(first.status).toBe(201);
    const { conversation } = ConversationResponseSchema.parse(await first.json());
    const [small, large] = [renter.id, landlord.id].sort();
    expect(conversation).toMatchObject({
      participant1Id: small,
      participant2Id: large,
      listingId: listing.id,
      otherParticipant: { id: landlord.id, name: 'Lou Landlord', role: 'landlord' },
      listingContext: { id: listing.id, title: 'Sunny loft on Bedford' },
    });
    // From the other side, and without a listing: the same conversation, context kept.
    const again = await landlord.client.post('/api/conversations', { participantId: renter.id });
    expect(again.status).toBe(200);
    const other = ConversationResponseSchema.parse(await again.json()).conversation;
    expect(other.id).toBe(conversation.id);
    expect(other.listingId).toBe(listing.id);
    expect(other.otherParticipant.id).toBe(renter.id);
  });

  it('shows the renter the street as the listing page does, the landlord the whole address', async () => {
    // The listing hides its exact spot (the default): the renter sees no house number.
    const streetOnly = { id: listing.id, title: 'Sunny loft on Bedford', address: 'Bedford Ave' };
    const whole = { ...streetOnly, address: '215 Bedford Ave' };
    expect((await conversations(renter))[0]?.listingContext).toEqual(streetOnly);
    expect((await conversations(landlord))[0]?.listingContext).toEqual(whole);
    const [mine] = (await conversations(renter)) ?? [];
    const detail = await renter.client.get(`/api/conversations/${mine?.id}`);
    expect(
      ConversationResponseSchema.parse(await detail.json()).conversation.listingContext,
    ).toEqual(streetOnly);
    const listed = await renter.client.get('/api/conversations/listings');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toMatchObject({ items: [streetOnly] });
    // Once the landlord shows the exact spot, everyone sees the door.
    await landlord.client.patch(`/api/listings/${listing.id}`, { showExactLocation: true });
    expect((await conversations(renter))[0]?.listingContext).toEqual(whole);
    await landlord.client.patch(`/api/listings/${listing.id}`, { showExactLocation: false });
  });

  it('fifty concurrent calls for one pair make one conversation', async () => {
    const a = await person(client);
    const b = await person(client, 'landlord');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 ? a : b).client.post('/api/conversations', { participantId: (i % 2 ? b : a).id }),
      ),
    );
    const ids = new Set<string>();
    for (const res of results) {
      expect([200, 201]).toContain(res.status);
      ids.add(ConversationResponseSchema.parse(await res.json()).conversation.id);
    }
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    const rows = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from conversations
      where participant1_id in (${a.id}, ${b.id}) and participant2_id in (${a.id}, ${b.id})`);
    expect(rows.rows[0]?.n).toBe(1);
  });

  it('refuses yourself, an unknown person and an unknown listing', async () => {
    const unknownListing = await renter.client.post('/api/conversations', {
      participantId: landlord.id,
      listingId: randomUUID(),
    });
    expect(unknownListing.status).toBe(404);
    expect(await errorOf(unknownListing)).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Listing not found',
    });
    for (const body of [{ participantId: renter.id }, { participantId: randomUUID() }]) {
      const res = await renter.client.post('/api/conversations', body);
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: MESSAGING_MESSAGES.createFailed,
      });
    }
    const badListing = await renter.client.post('/api/conversations', {
      participantId: landlord.id,
      listingId: 'not-a-uuid',
    });
    expect((await errorOf(badListing)).message).toBe('Invalid listing ID format');
  });
});

describe('sending', () => {
  it('sends, sets updatedAt, and a retry with the same key returns the first message', async () => {
    const conversation = await openConversation(renter, landlord);
    const key = randomUUID();
    const url = `/api/conversations/${conversation.id}/messages`;
    const first = await renter.client.post(url, {
      content: '  Is it still available?  ',
      idempotencyKey: key,
    });
    expect(first.status).toBe(201);
    const { message } = SendMessageResponseSchema.parse(await first.json());
    expect(message).toMatchObject({
      conversationId: conversation.id,
      senderId: renter.id,
      receiverId: landlord.id,
      content: 'Is it still available?',
      isEdited: false,
      editedAt: null,
      isRead: true,
      readByReceiverAt: null,
    });
    const retry = await renter.client.post(url, { content: 'different text', idempotencyKey: key });
    expect(retry.status).toBe(200);
    expect(SendMessageResponseSchema.parse(await retry.json()).message.id).toBe(message.id);
    const after = ConversationResponseSchema.parse(
      await (await renter.client.get(`/api/conversations/${conversation.id}`)).json(),
    ).conversation;
    expect(after.updatedAt >= message.createdAt).toBe(true);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(conversation.updatedAt));
  });

  it('fifty concurrent retries of one send make one message', async () => {
    const a = await person(client);
    const b = await person(client, 'landlord');
    const conversation = await openConversation(a, b);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        a.client.post(`/api/conversations/${conversation.id}/messages`, {
          content: 'Hello!',
          idempotencyKey: key,
        }),
      ),
    );
    const ids = new Set<string>();
    for (const res of results) {
      expect([200, 201]).toContain(res.status);
      ids.add(SendMessageResponseSchema.parse(await res.json()).message.id);
    }
    expect(ids.size).toBe(1);
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${conversation.id}`,
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect((await unread(b)).total).toBe(1);
  });

  it('strips real HTML tags and keeps the rest exactly as typed (decision 022)', async () => {
    const conversation = await openConversation(renter, landlord);
    const message = await send(
      renter,
      conversation.id,
      'Tom & Jerry <b>love</b> it <script>alert(1)</script><img src=x onerror=alert(1)>',
    );
    expect(message.content).toBe('Tom & Jerry love it');
    const lessThan = await send(renter, conversation.id, 'rent 5 < 6 > 4');
    expect(lessThan.content).toBe('rent 5 < 6 > 4');
  });

  it.each([
    ['empty', '', MESSAGING_MESSAGES.contentEmpty],
    ['whitespace only', ' \n\t  ', MESSAGING_MESSAGES.contentEmpty],
    ['2001 characters', 'x'.repeat(2001), MESSAGING_MESSAGES.contentTooLong],
    [
      'HTML only',
      '<img src=x onerror=alert(1)><script>x</script>',
      MESSAGING_MESSAGES.contentRange,
    ],
    ['missing', undefined, MESSAGING_MESSAGES.contentRange],
  ])(
    'refuses %s content with the spec message and stores nothing',
    async (_name, content, text) => {
      const conversation = await openConversation(renter, landlord);
      const count = async () =>
        (
          await db.execute<{ n: number }>(
            sql`select count(*)::int as n from messages where conversation_id = ${conversation.id}`,
          )
        ).rows[0]?.n;
      const before = await count();
      const res = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
        content,
        idempotencyKey: randomUUID(),
      });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: text });
      expect(await count()).toBe(before);
    },
  );

  it('accepts exactly 2000 characters after trimming', async () => {
    const conversation = await openConversation(renter, landlord);
    const message = await send(renter, conversation.id, `  ${'y'.repeat(2000)}  `);
    expect(message.content).toHaveLength(2000);
  });

  it('refuses a send without an idempotency key', async () => {
    const conversation = await openConversation(renter, landlord);
    const res = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'hi',
    });
    expect(res.status).toBe(400);
  });
});

const limited = await createTestApp({ env: { MESSAGE_SEND_LIMIT_PER_MINUTE: '3' } });
const sender = await person(limited.client);
const receiver = await person(limited.client, 'landlord');

describe('send rate limit', () => {
  it('answers 429 with Retry-After past the limit, and a retry of a sent message still works', async () => {
    const conversation = await openConversation(sender, receiver);
    const keys = [randomUUID(), randomUUID(), randomUUID()];
    for (const key of keys) await send(sender, conversation.id, 'hi', key);
    const over = await sender.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'one too many',
      idempotencyKey: randomUUID(),
    });
    expect(over.status).toBe(429);
    expect((await errorOf(over)).code).toBe('RATE_LIMITED');
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const retry = await sender.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'hi',
      idempotencyKey: keys[0],
    });
    expect(retry.status).toBe(200);
    // The limit is per person: the other side can still answer.
    await send(receiver, conversation.id, 'hello back');
  });

  it('limits a sliding minute: a burst just before the turn of the minute still counts after it', async () => {
    const burster = await person(limited.client);
    const conversation = await openConversation(burster, receiver);
    // The previous minute is over the limit many times: however far into this minute we are,
    // its weighted share alone exceeds the limit of 3.
    await limited.db.execute(sql`
      insert into message_send_counters (user_id, window_start, count)
      values (${burster.id}, date_trunc('minute', now()) - interval '1 minute', 10000000)`);
    const res = await burster.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: 'right after the turn',
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(429);
    expect((await errorOf(res)).code).toBe('RATE_LIMITED');
  });
});

describe('reading', () => {
  it('counts unread per conversation, marks only the other person’s messages read', async () => {
    const r = await person(client);
    const l = await person(client, 'landlord');
    const conversation = await openConversation(r, l);
    const mine = await send(r, conversation.id, 'one');
    await send(l, conversation.id, 'two');
    await send(l, conversation.id, 'three');
    expect(await unread(r)).toEqual({ total: 2, byConversation: { [conversation.id]: 2 } });
    // A sender's own message counts as read for them.
    expect(await unread(l)).toEqual({ total: 1, byConversation: { [conversation.id]: 1 } });

    const res = await r.client.post(`/api/conversations/${conversation.id}/read`);
    expect(res.status).toBe(200);
    const body = MarkReadResponseSchema.parse(await res.json());
    expect(body.marked).toBe(2);
    expect(await unread(r)).toEqual({ total: 0, byConversation: {} });
    expect((await unread(l)).total).toBe(1);
    const records = await db.execute<{ message_id: string; user_id: string }>(sql`
      select s.message_id, s.user_id from message_read_status s
      join messages m on m.id = s.message_id where m.conversation_id = ${conversation.id}`);
    expect(records.rows).toHaveLength(2);
    expect(records.rows.every((row) => row.user_id === r.id)).toBe(true);
    expect(records.rows.some((row) => row.message_id === mine.id)).toBe(false);

    // Marking again changes nothing.
    const again = MarkReadResponseSchema.parse(
      await (await r.client.post(`/api/conversations/${conversation.id}/read`)).json(),
    );
    expect(again).toEqual({ marked: 0, readAt: null });

    // The sender sees the read tick on their page.
    const page = MessagePageSchema.parse(
      await (await l.client.get(`/api/conversations/${conversation.id}/messages`)).json(),
    );
    const two = page.items.find((m) => m.content === 'two');
    expect(two?.readByReceiverAt).toBe(body.readAt);
    expect(page.items.find((m) => m.id === mine.id)).toMatchObject({
      isRead: false,
      readByReceiverAt: null,
    });
  });
});

const pageRenter = await person(client);
const pageLandlord = await person(client, 'landlord');
const pageConversation = await openConversation(pageRenter, pageLandlord);
const sent: string[] = [];
for (let i = 0; i < 60; i++)
  sent.push((await send(i % 2 ? pageLandlord : pageRenter, pageConversation.id, `m${i}`)).id);
const url = `/api/conversations/${pageConversation.id}/messages`;
const page = async (query: string) => {
  const res = await pageRenter.client.get(`${url}${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return MessagePageSchema.parse(await res.json());
};

describe('message pages', () => {
  it('defaults to the newest 50, oldest first, with a cursor to older ones', async () => {
    const newest = await page('');
    expect(newest.items.map((m) => m.id)).toEqual(sent.slice(10));
    expect(newest.nextCursor).toBe(sent[10]);
    const older = await page(`?before=${newest.nextCursor}`);
    expect(older.items.map((m) => m.id)).toEqual(sent.slice(0, 10));
    expect(older.nextCursor).toBeNull();
  });

  it('pages forwards with after, and honours limit and offset', async () => {
    const after = await page(`?after=${sent[5]}&limit=3`);
    expect(after.items.map((m) => m.id)).toEqual(sent.slice(6, 9));
    const offset = await page('?limit=5&offset=5');
    expect(offset.items.map((m) => m.id)).toEqual(sent.slice(50, 55));
    const between = await page(`?after=${sent[1]}&before=${sent[5]}`);
    expect(between.items.map((m) => m.id)).toEqual(sent.slice(2, 5));
  });

  it('reads pages and the last message in index order, without sorting the thread', async () => {
    const plan = await db.transaction(async (tx) => {
      // Tiny tables favour a sort anyway; this asks whether the index *can* give the order.
      await tx.execute(sql`set local enable_sort = off`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const newest = await tx.execute(sql`explain select id from messages m
        where m.conversation_id = ${pageConversation.id}
        order by m.created_at desc, m.id desc limit 51`);
      const forwards = await tx.execute(sql`explain select id from messages m
        where m.conversation_id = ${pageConversation.id}
        order by m.created_at asc, m.id asc limit 51`);
      return [...newest.rows, ...forwards.rows].map((row) => Object.values(row).join(' '));
    });
    expect(plan.join('\n')).toContain('messages_conversation_created_idx');
    expect(plan.join('\n')).not.toMatch(/\bSort\b/);
  });

  it('refuses limits outside 1-100', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?offset=-1', '?before=nope']) {
      expect((await pageRenter.client.get(`${url}${query}`)).status).toBe(400);
    }
  });
});

describe('edits', () => {
  it('lets the sender edit, with the content rules again', async () => {
    const conversation = await openConversation(renter, landlord);
    const message = await send(renter, conversation.id, 'Can I see it Tuesday?');
    const res = await renter.client.patch(`/api/messages/${message.id}`, {
      content: 'Can I see it <i>Wednesday</i>?',
    });
    expect(res.status).toBe(200);
    const edited = SendMessageResponseSchema.parse(await res.json()).message;
    expect(edited).toMatchObject({ content: 'Can I see it Wednesday?', isEdited: true });
    expect(edited.editedAt).not.toBeNull();
    for (const [content, text] of [
      ['', MESSAGING_MESSAGES.contentEmpty],
      ['z'.repeat(2001), MESSAGING_MESSAGES.contentTooLong],
      ['<br>', MESSAGING_MESSAGES.contentRange],
    ]) {
      const bad = await renter.client.patch(`/api/messages/${message.id}`, { content });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).message).toBe(text);
    }
    const other = await landlord.client.patch(`/api/messages/${message.id}`, {
      content: 'mine now',
    });
    expect(other.status).toBe(403);
    expect((await errorOf(other)).message).toBe(MESSAGING_MESSAGES.cannotEdit);
  });
});

const me = await person(client, 'renter', 'Mina Me');
const alice = await person(client, 'landlord', 'Alice Park');
const bob = await person(client, 'landlord', 'Bob Stone');
const carl = await person(client, 'renter', 'Carl Diaz');
// A conversation's listing is one of its two people's.
const alicesLoft = await publishListing(app, alice.client, { title: 'Sunny loft on Bedford' });
const withAlice = await openConversation(me, alice, alicesLoft.id);
const withBob = await openConversation(me, bob);
const withCarl = await openConversation(me, carl);
await send(me, withAlice.id, 'About the loft');
await send(bob, withBob.id, 'Viewing at 6pm works');
await send(bob, withBob.id, 'Bring ID please');
await send(carl, withCarl.id, 'Want to share a place?');

describe('conversation list', () => {
  it('lists summaries newest first with last message, unread count and listing context', async () => {
    const items = await conversations(me);
    expect(items.map((c) => c.id)).toEqual([withCarl.id, withBob.id, withAlice.id]);
    const bobSummary = items[1];
    expect(bobSummary).toMatchObject({
      otherParticipant: { id: bob.id, name: 'Bob Stone', role: 'landlord' },
      lastMessage: { content: 'Bring ID please', senderId: bob.id, isRead: false },
      unreadCount: 2,
      listingContext: null,
    });
    expect(items[2]).toMatchObject({
      lastMessage: { content: 'About the loft', senderId: me.id, isRead: true },
      unreadCount: 0,
      listingContext: { id: alicesLoft.id, title: 'Sunny loft on Bedford' },
    });
  });

  it('sorts oldest and unread_first, and filters by unread, role, listing and term', async () => {
    expect((await conversations(me, '?sort=oldest')).map((c) => c.id)).toEqual([
      withAlice.id,
      withBob.id,
      withCarl.id,
    ]);
    expect((await conversations(me, '?sort=unread_first')).map((c) => c.id)).toEqual([
      withBob.id,
      withCarl.id,
      withAlice.id,
    ]);
    expect((await conversations(me, '?showUnreadOnly=true')).map((c) => c.id)).toEqual([
      withCarl.id,
      withBob.id,
    ]);
    expect((await conversations(me, '?participantRole=renter')).map((c) => c.id)).toEqual([
      withCarl.id,
    ]);
    expect((await conversations(me, `?listingId=${alicesLoft.id}`)).map((c) => c.id)).toEqual([
      withAlice.id,
    ]);
    expect((await conversations(me, '?searchTerm=stone')).map((c) => c.id)).toEqual([withBob.id]);
    expect((await conversations(me, '?searchTerm=bedford')).map((c) => c.id)).toEqual([
      withAlice.id,
    ]);
    expect((await conversations(me, '?searchTerm=ID%20please')).map((c) => c.id)).toEqual([
      withBob.id,
    ]);
    // A blank term is ignored; wildcards are literal.
    expect(await conversations(me, '?searchTerm=%20%20')).toHaveLength(3);
    expect(await conversations(me, '?searchTerm=%25')).toHaveLength(0);
    const search = await me.client.get('/api/conversations/search?searchTerm=alice');
    expect(ConversationListSchema.parse(await search.json()).items.map((c) => c.id)).toEqual([
      withAlice.id,
    ]);
  });

  it('refuses a long term, a bad listing id and a bad role with the spec messages', async () => {
    for (const [query, text] of [
      [`?searchTerm=${'a'.repeat(101)}`, MESSAGING_MESSAGES.searchTermTooLong],
      ['?listingId=123', MESSAGING_MESSAGES.invalidListingId],
      ['?participantRole=admin', MESSAGING_MESSAGES.invalidRole],
    ] as const) {
      for (const path of ['/api/conversations', '/api/conversations/search']) {
        const res = await me.client.get(`${path}${query}`);
        expect(res.status).toBe(400);
        expect(await errorOf(res)).toMatchObject({ code: 'VALIDATION_ERROR', message: text });
      }
    }
    expect((await me.client.get(`/api/conversations?searchTerm=${'a'.repeat(100)}`)).status).toBe(
      200,
    );
  });

  it('suggests names and listings for terms of 2+ characters, 5 by default', async () => {
    const get = async (query: string) =>
      SuggestionsSchema.parse(
        await (await me.client.get(`/api/conversations/suggestions${query}`)).json(),
      ).items;
    expect(await get('?term=a')).toEqual([]);
    expect(await get('?term=st')).toEqual([
      { kind: 'participant', value: 'Bob Stone', conversationId: withBob.id },
    ]);
    expect(await get('?term=lo')).toEqual([
      { kind: 'listing', value: 'Sunny loft on Bedford', conversationId: withAlice.id },
    ]);
    expect((await get('?term=ar&limit=1')).length).toBeLessThanOrEqual(1);
    const bad = await me.client.get(`/api/conversations/suggestions?term=${'b'.repeat(101)}`);
    expect((await errorOf(bad)).message).toBe(MESSAGING_MESSAGES.searchTermTooLong);
  });

  it('reports stats over 7 days and recent conversations over 30 by default', async () => {
    const stats = ConversationStatsSchema.parse(
      await (await me.client.get('/api/conversations/stats')).json(),
    );
    expect(stats).toEqual({
      totalConversations: 3,
      unreadConversations: 2,
      totalUnread: 3,
      recentConversations: 3,
      messagesSentRecently: 1,
      messagesReceivedRecently: 3,
      windowDays: 7,
    });
    await db.execute(
      sql`update conversations set updated_at = now() - interval '40 days' where id = ${withAlice.id}`,
    );
    const recent = ConversationListSchema.parse(
      await (await me.client.get('/api/conversations/recent')).json(),
    ).items;
    expect(recent.map((c) => c.id)).toEqual([withCarl.id, withBob.id]);
    const wider = ConversationListSchema.parse(
      await (await me.client.get('/api/conversations/recent?days=60')).json(),
    ).items;
    expect(wider).toHaveLength(3);
    expect((await me.client.get('/api/conversations/recent?days=0')).status).toBe(400);
  });

  it("shows 'Unknown User' for a participant without a name", async () => {
    await db.execute(sql`update users set name = '' where id = ${carl.id}`);
    const items = await conversations(me);
    expect(items.find((c) => c.id === withCarl.id)?.otherParticipant.name).toBe('Unknown User');
  });
});

describe('private answers', () => {
  it('are never kept by a cache: lists, threads and errors alike', async () => {
    const conversation = await openConversation(renter, landlord);
    for (const path of [
      '/api/conversations',
      `/api/conversations/${conversation.id}/messages`,
      '/api/messages/unread-count',
      `/api/conversations/${randomUUID()}`,
    ]) {
      const res = await renter.client.get(path);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});

describe('search by address (issue 26)', () => {
  it('matches the address each viewer is shown: the renter never finds the hidden door or unit', async () => {
    const owner = await person(client, 'landlord', 'Hana Holder');
    const seeker = await person(client, 'renter', 'Sid Seeker');
    const flat = await publishListing(app, owner.client, {
      title: 'Garden flat',
      address: '37-21 Ditmars Blvd',
      unit: '2R',
      showExactLocation: false,
    });
    const conversation = await openConversation(seeker, owner, flat.id);
    const found = async (who: typeof renter, term: string) =>
      (await conversations(who, `?searchTerm=${encodeURIComponent(term)}`)).map((c) => c.id);
    for (const hidden of ['37-21', '37-21 Ditmars', '2R', '21 Ditm']) {
      expect(await found(seeker, hidden), hidden).toEqual([]);
      const search = await seeker.client.get(
        `/api/conversations/search?searchTerm=${encodeURIComponent(hidden)}`,
      );
      expect(ConversationListSchema.parse(await search.json()).items, hidden).toEqual([]);
    }
    expect(await found(seeker, 'ditmars blvd')).toEqual([conversation.id]);
    // The landlord is shown the whole address, so may find it by the number.
    expect(await found(owner, '37-21 Ditmars')).toEqual([conversation.id]);
    // Shown to everyone, the door is searchable by everyone.
    await owner.client.patch(`/api/listings/${flat.id}`, { showExactLocation: true });
    expect(await found(seeker, '37-21 Ditmars')).toEqual([conversation.id]);
  });

  it('strips the house number in SQL exactly as publicAddress does', async () => {
    const addresses = [
      '215 Bedford Ave',
      '12A Main St',
      '37-21 Ditmars Blvd',
      '37 – 21 Ditmars Blvd',
      '  9, Elm Street ',
      'Bedford Ave',
      '123',
      '1st Ave',
      '100 1st Ave',
    ];
    for (const address of addresses) {
      const rows = await db.execute<{ shown: string }>(sql`
        select ${shownAddress('l', randomUUID())} as shown
        from (select ${address}::text as address, false as show_exact_location,
          ${randomUUID()}::uuid as landlord_id) l`);
      expect(rows.rows[0]?.shown || null, address).toBe(publicAddress(address, false));
    }
  });
});
