import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CONVERSATION_PAGE_MAX,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_PREVIEW_LENGTH,
} from '../../../shared/constants.ts';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  type ConversationList,
  ConversationListingsSchema,
  ConversationListSchema,
  type ConversationSort,
  MessagePageSchema,
  UnreadCountSchema,
} from '../../../shared/schemas/messaging.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { openConversation, type Person, person, send } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/*
 * Issue 17: the cursor-paged conversation list. Paging to the end meets every conversation the
 * user has exactly once, in the order of docs/spec.md §9, for every sort and filter, against a
 * brute-force order computed here from the tables; cursors hold while messages arrive.
 */
const { app, db, client } = await createTestApp({
  env: { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' },
});
const me = await person(client, 'landlord', 'Mia Landlord');
const stranger = await person(client, 'renter', 'Sam Stranger');
const loft = await publishListing(app, me.client, { title: 'Sunny loft on Bedford' });
const studio = await publishListing(app, me.client, { title: 'Quiet studio' });

const PARTNERS = 26;
const BASE = Date.parse('2026-11-01T12:00:00Z');
/** Partners as bare profiles (they never sign in); a few are landlords, two have no name. */
const partners: { id: string; name: string; role: 'renter' | 'landlord' }[] = [];
for (let i = 0; i < PARTNERS; i++) {
  const role = i % 4 === 3 ? 'landlord' : 'renter';
  const name = i === 5 || i === 17 ? ' ' : `Partner ${String(i).padStart(2, '0')}`;
  const result = await db.execute<{ id: string }>(sql`
    insert into users (name, email, user_type) values (${name}, ${`p${i}-${randomUUID()}@paging.test`}, ${role})
    returning id`);
  partners.push({ id: (result.rows[0] as { id: string }).id, name, role });
}

type Seeded = {
  id: string;
  partner: number;
  listingId: string | null;
  /** Microseconds since the epoch, as PostgreSQL stores them. */
  updatedUs: bigint;
  unread: number;
  contents: string[];
  messageListings: string[];
};
const seeded: Seeded[] = [];
/** Conversations with times in groups of three equal ones (ties broken by id), some empty. */
for (let i = 0; i < PARTNERS; i++) {
  const partner = partners[i] as (typeof partners)[number];
  const [p1, p2] = [me.id, partner.id].sort();
  const listingId = i % 3 === 0 ? loft.id : i % 5 === 0 ? studio.id : null;
  const at = new Date(BASE + Math.floor(i / 3) * 60_000 + (i % 7 === 0 ? 123 : 0));
  const created = await db.execute<{ id: string }>(sql`
    insert into conversations (participant1_id, participant2_id, listing_id, created_at, updated_at)
    values (${p1}, ${p2}, ${listingId}, ${at.toISOString()}, ${at.toISOString()})
    returning id`);
  const id = (created.rows[0] as { id: string }).id;
  const count = i % 6 === 4 ? 0 : 1 + (i % 4);
  const unread = count === 0 ? 0 : i % 3 === 1 ? Math.min(count, 1 + (i % 5)) : 0;
  const contents: string[] = [];
  const messageListings: string[] = [];
  for (let m = 0; m < count; m++) {
    const fromMe = m < count - unread && m % 2 === 1;
    const content = `Note ${i}-${m}${i === 8 ? ' about the rooftop' : ''}`;
    const messageListing = i === 11 && m === 0 ? studio.id : null;
    if (messageListing) messageListings.push(messageListing);
    contents.push(content);
    // The last message is exactly the conversation's time, as a send leaves it.
    const sentAt = new Date(at.getTime() - (count - 1 - m) * 1000).toISOString();
    const read = m < count - unread;
    await db.execute(sql`
      insert into messages (conversation_id, sender_id, receiver_id, content, listing_id,
        idempotency_key, created_at, receiver_read_at)
      values (${id}, ${fromMe ? me.id : partner.id}, ${fromMe ? partner.id : me.id}, ${content},
        ${messageListing}, ${randomUUID()}, ${sentAt}, ${read ? sentAt : null})`);
  }
  const stored = await db.execute<{ us: string }>(sql`
    select (extract(epoch from updated_at) * 1000000)::bigint::text as us
    from conversations where id = ${id}`);
  seeded.push({
    id,
    partner: i,
    listingId,
    updatedUs: BigInt((stored.rows[0] as { us: string }).us),
    unread,
    contents,
    messageListings,
  });
}
// Someone else's conversation with one of the partners: never in my list.
const strangersOwn = await db.execute<{ id: string }>(sql`
  insert into conversations (participant1_id, participant2_id)
  select least(${stranger.id}::uuid, ${partners[0]?.id}::uuid), greatest(${stranger.id}::uuid, ${partners[0]?.id}::uuid)
  returning id`);
const foreignId = (strangersOwn.rows[0] as { id: string }).id;

const titles = new Map([
  [loft.id, { title: loft.title, address: loft.address ?? '' }],
  [studio.id, { title: studio.title, address: studio.address ?? '' }],
]);

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

async function page(who: Person, query: URLSearchParams): Promise<ConversationList> {
  const res = await who.client.get(`/api/conversations?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ConversationListSchema.parse(await res.json());
}

/** Every page from the first to the last, and the ids in the order met. */
async function allPages(
  who: Person,
  params: Record<string, string>,
  between?: () => Promise<void>,
) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams(params);
    if (cursor) query.set('cursor', cursor);
    const result = await page(who, query);
    ids.push(...result.items.map((item) => item.id));
    cursor = result.nextCursor;
    pages += 1;
    if (between && pages === 1) await between();
    expect(pages).toBeLessThanOrEqual(PARTNERS + 2);
  } while (cursor);
  return ids;
}

type Filters = {
  sort: ConversationSort;
  showUnreadOnly: boolean;
  participantRole: 'landlord' | 'renter' | null;
  listingId: string | null;
  searchTerm: string;
};

const cmp = (a: bigint | string | number, b: bigint | string | number) =>
  a < b ? -1 : a > b ? 1 : 0;

/** The spec's order and filters, by brute force over what was seeded. */
function expected(filters: Filters): string[] {
  const term = filters.searchTerm.trim().toLowerCase();
  const rows = seeded.filter((c) => {
    const partner = partners[c.partner] as (typeof partners)[number];
    if (filters.showUnreadOnly && c.unread === 0) return false;
    if (filters.participantRole && partner.role !== filters.participantRole) return false;
    if (
      filters.listingId &&
      c.listingId !== filters.listingId &&
      !c.messageListings.includes(filters.listingId)
    ) {
      return false;
    }
    if (term) {
      const listing = c.listingId ? titles.get(c.listingId) : undefined;
      const haystack = [partner.name, listing?.title ?? '', listing?.address ?? '', ...c.contents];
      if (!haystack.some((text) => text.toLowerCase().includes(term))) return false;
    }
    return true;
  });
  const newest = (a: Seeded, b: Seeded) => cmp(b.updatedUs, a.updatedUs) || cmp(b.id, a.id);
  const order = {
    newest,
    oldest: (a: Seeded, b: Seeded) => -newest(a, b),
    unread_first: (a: Seeded, b: Seeded) => cmp(b.unread, a.unread) || newest(a, b),
  }[filters.sort];
  return rows.sort(order).map((c) => c.id);
}

function paramsOf(filters: Filters, limit: number): Record<string, string> {
  const params: Record<string, string> = { sort: filters.sort, limit: String(limit) };
  if (filters.showUnreadOnly) params.showUnreadOnly = 'true';
  if (filters.participantRole) params.participantRole = filters.participantRole;
  if (filters.listingId) params.listingId = filters.listingId;
  if (filters.searchTerm) params.searchTerm = filters.searchTerm;
  return params;
}

const filtersArbitrary: fc.Arbitrary<Filters> = fc.record({
  sort: fc.constantFrom<ConversationSort>('newest', 'oldest', 'unread_first'),
  showUnreadOnly: fc.boolean(),
  participantRole: fc.constantFrom<Filters['participantRole']>(null, 'landlord', 'renter'),
  listingId: fc.constantFrom<string | null>(null, null, loft.id, studio.id, randomUUID()),
  searchTerm: fc.constantFrom('', '', 'partner 1', 'LOFT', 'rooftop', 'note 2', '%', 'quiet'),
});

describe('paging GET /api/conversations', () => {
  it('meets every conversation exactly once, in the spec order, for every sort and filter', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArbitrary, fc.integer({ min: 1, max: 9 }), async (filters, limit) => {
        const ids = await allPages(me, paramsOf(filters, limit));
        expect(ids).toEqual(expected(filters));
      }),
      { numRuns: 80 },
    );
  });

  it('gives exact unread counts, previews and the default page size', async () => {
    const first = await page(me, new URLSearchParams());
    expect(first.items).toHaveLength(Math.min(CONVERSATION_PAGE_SIZE, PARTNERS));
    const counts = UnreadCountSchema.parse(
      await (await me.client.get('/api/messages/unread-count')).json(),
    );
    const all = await allPages(me, { limit: String(CONVERSATION_PAGE_MAX) });
    expect(all).toHaveLength(PARTNERS);
    expect(all).not.toContain(foreignId);
    const rows = (await page(me, new URLSearchParams({ limit: '100' }))).items;
    for (const row of rows) {
      const seed = seeded.find((c) => c.id === row.id) as Seeded;
      expect(row.unreadCount).toBe(seed.unread);
      expect(row.unreadCount).toBe(counts.byConversation[row.id] ?? 0);
      expect(row.lastMessage?.content ?? null).toBe(seed.contents.at(-1) ?? null);
      const partner = partners[seed.partner] as (typeof partners)[number];
      expect(row.otherParticipant.name).toBe(partner.name.trim() || 'Unknown User');
    }
    // Only what a row shows: no createdAt.
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      [
        'id',
        'lastMessage',
        'listingContext',
        'otherParticipant',
        'unreadCount',
        'updatedAt',
      ].sort(),
    );
  });

  it('cuts a long last message to a preview; the thread keeps the full text', async () => {
    const other = await person(client, 'renter');
    const conversation = await openConversation(other, me);
    const long = `${'Long text. '.repeat(181)}end`.slice(0, 2000);
    await send(other, conversation.id, long);
    const row = (await page(me, new URLSearchParams({ limit: '1' }))).items[0];
    expect(row?.id).toBe(conversation.id);
    expect(row?.lastMessage?.content).toHaveLength(CONVERSATION_PREVIEW_LENGTH);
    expect(row?.lastMessage?.content).toBe(`${long.slice(0, CONVERSATION_PREVIEW_LENGTH - 1)}…`);
    const thread = MessagePageSchema.parse(
      await (await me.client.get(`/api/conversations/${conversation.id}/messages`)).json(),
    );
    expect(thread.items.at(-1)?.content).toBe(long);
    await db.execute(sql`delete from conversations where id = ${conversation.id}`);
  });
});

describe('cursors while messages arrive', () => {
  it.each(['newest', 'oldest', 'unread_first'] as const)(
    '%s: paging on after new messages and a new conversation meets each one once',
    async (sort) => {
      const before = expected({
        sort,
        showUnreadOnly: false,
        participantRole: null,
        listingId: null,
        searchTerm: '',
      });
      const newcomer = await person(client, 'renter');
      const made: string[] = [];
      const ids = await allPages(me, { sort, limit: '5' }, async () => {
        // One seen, one not yet seen, and the last one get messages; a stranger writes first.
        for (const index of [1, 12, before.length - 1]) {
          const id = before[index] as string;
          const seed = seeded.find((c) => c.id === id) as Seeded;
          const partner = partners[seed.partner] as (typeof partners)[number];
          await db.execute(sql`
          with m as (
            insert into messages (conversation_id, sender_id, receiver_id, content, idempotency_key)
            values (${id}, ${partner.id}, ${me.id}, 'Still available?', ${randomUUID()})
          )
          update conversations set updated_at = now() where id = ${id}`);
        }
        const conversation = await openConversation(newcomer, me);
        await send(newcomer, conversation.id, 'Hello!');
        made.push(conversation.id);
      });
      expect(ids).toEqual(before);
      expect(new Set(ids).size).toBe(ids.length);
      // A fresh first page has them as they are now: the newcomer leads the newest order.
      if (sort === 'newest') {
        expect((await page(me, new URLSearchParams({ sort, limit: '1' }))).items[0]?.id).toBe(
          made[0],
        );
      }
      // Back to the seeded state for the other cases.
      await db.execute(sql`delete from conversations where id = ${made[0]}`);
      for (const c of seeded) {
        await db.execute(sql`
        delete from messages where conversation_id = ${c.id} and content = 'Still available?'`);
        await db.execute(sql`
        update conversations set updated_at = ${new Date(Number(c.updatedUs / 1000n)).toISOString()}
        where id = ${c.id}`);
      }
    },
  );
});

describe('the other lists', () => {
  it('GET /api/conversations/listings names each listing talked about once, by title', async () => {
    const res = await me.client.get('/api/conversations/listings');
    expect(res.status).toBe(200);
    expect(ConversationListingsSchema.parse(await res.json()).items).toEqual([
      { id: studio.id, title: studio.title, address: studio.address },
      { id: loft.id, title: loft.title, address: loft.address },
    ]);
    const theirs = await stranger.client.get('/api/conversations/listings');
    expect(ConversationListingsSchema.parse(await theirs.json()).items).toEqual([]);
  });

  it('pages /search and /recent the same way', async () => {
    for (const path of ['/api/conversations/search', '/api/conversations/recent']) {
      const ids: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ limit: '4', ...(cursor ? { cursor } : {}) });
        if (path.endsWith('recent')) query.set('days', '365');
        const res = await me.client.get(`${path}?${query}`);
        expect(res.status, await res.clone().text()).toBe(200);
        const body = ConversationListSchema.parse(await res.json());
        ids.push(...body.items.map((item) => item.id));
        cursor = body.nextCursor;
      } while (cursor);
      const want = expected({
        sort: 'newest',
        showUnreadOnly: false,
        participantRole: null,
        listingId: null,
        searchTerm: '',
      });
      // /recent keeps the last `days`: the seeded times are in November 2026.
      expect(ids).toEqual(
        path.endsWith('recent')
          ? want.filter((id) => {
              const seed = seeded.find((c) => c.id === id) as Seeded;
              return Number(seed.updatedUs / 1000n) >= Date.now() - 365 * 86_400_000;
            })
          : want,
      );
    }
  });
});

describe('bad input and access', () => {
  const garbage = Buffer.from(JSON.stringify([1, 'newest', 'x', 0, 'y', 'z'])).toString(
    'base64url',
  );
  it.each([
    ['a forged cursor', 'cursor=bm90LWEtY3Vyc29y'],
    ['a cursor of the wrong shape', `cursor=${garbage}`],
    ['an over-long cursor', `cursor=${'a'.repeat(500)}`],
  ])('%s is a 400 Invalid cursor.', async (_, query) => {
    const res = await me.client.get(`/api/conversations?${query}`);
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid cursor.',
    });
  });

  it('refuses a cursor made for another sort', async () => {
    const first = await page(me, new URLSearchParams({ sort: 'newest', limit: '2' }));
    expect(first.nextCursor).not.toBeNull();
    const res = await me.client.get(
      `/api/conversations?sort=oldest&cursor=${first.nextCursor ?? ''}`,
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe('Invalid cursor.');
  });

  it.each(['0', '101', '2.5', 'many'])('limit=%s is a 400', async (limit) => {
    const res = await me.client.get(`/api/conversations?limit=${limit}`);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(
      `Limit must be a whole number from 1 to ${CONVERSATION_PAGE_MAX}.`,
    );
  });

  it("never shows another user's conversations, even with my cursor", async () => {
    const mine = await page(me, new URLSearchParams({ limit: '3' }));
    const theirs = await allPages(stranger, { limit: '2' });
    expect(theirs).toContain(foreignId);
    for (const id of theirs) expect(seeded.map((c) => c.id)).not.toContain(id);
    const withMyCursor = await page(
      stranger,
      new URLSearchParams({ limit: '3', cursor: mine.nextCursor ?? '' }),
    );
    for (const item of withMyCursor.items) {
      expect(seeded.map((c) => c.id)).not.toContain(item.id);
    }
  });

  it('signed out is a 401', async () => {
    const res = await client.fork().get('/api/conversations?limit=5');
    expect(res.status).toBe(401);
  });
});

describe("a conversation's updated_at under sends at once", () => {
  it('is always its latest message: a send that commits last never moves it back', async () => {
    const renter = await person(client, 'renter');
    const conversation = await openConversation(renter, me, loft.id);
    for (let round = 0; round < 15; round++) {
      await Promise.all([
        send(renter, conversation.id, `r${round}`),
        send(me, conversation.id, `m${round}`),
      ]);
      const { rows } = await db.execute<{ same: boolean }>(sql`
        select c.updated_at = (select max(created_at) from messages where conversation_id = c.id)
          as same
        from conversations c where c.id = ${conversation.id}`);
      expect(rows[0]?.same).toBe(true);
    }
  });
});
