import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MeResponseSchema } from '../shared/schemas/auth.ts';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import {
  ConversationListSchema,
  MESSAGING_MESSAGES,
  MessagePageSchema,
  SendMessageResponseSchema,
} from '../shared/schemas/messaging.ts';
import { MARKUP_ONLY_EXAMPLES, USER_TEXT_EXAMPLES } from '../shared/user-text-examples.ts';
import { MIGRATIONS_DIR } from './db/migrate.ts';
import { completeFields, readListing } from './test/listing-fixtures.ts';
import { openConversation, person, send } from './test/messaging-fixtures.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Decision 022, through the API: every row of the table is stored and returned exactly as the
 * table says, for messages (send and edit), listing text and names; markup alone is refused.
 */
const { db, client } = await createTestApp({
  env: { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' },
});
const landlord = await person(client, 'landlord');
const renter = await person(client, 'renter');
const conversation = await openConversation(renter, landlord);

async function storedMessage(id: string) {
  const rows = await db.execute<{ content: string }>(
    sql`select content from messages where id = ${id}`,
  );
  return rows.rows[0]?.content;
}

async function errorOf(res: Response) {
  return ErrorBodySchema.parse(await res.json()).error;
}

describe('messages keep what was typed, without real tags', () => {
  it.each(USER_TEXT_EXAMPLES)('send $typed', async ({ typed, stored }) => {
    const message = await send(renter, conversation.id, typed);
    expect(message.content).toBe(stored);
    expect(await storedMessage(message.id)).toBe(stored);
    const page = await landlord.client.get(`/api/conversations/${conversation.id}/messages`);
    const items = MessagePageSchema.parse(await page.json()).items;
    expect(items.find((m) => m.id === message.id)?.content).toBe(stored);
  });

  it.each(USER_TEXT_EXAMPLES)('edit to $typed', async ({ typed, stored }) => {
    const message = await send(renter, conversation.id, 'before the edit');
    const res = await renter.client.patch(`/api/messages/${message.id}`, { content: typed });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(SendMessageResponseSchema.parse(await res.json()).message.content).toBe(stored);
    expect(await storedMessage(message.id)).toBe(stored);
  });

  it.each(MARKUP_ONLY_EXAMPLES)('refuses %s (nothing left) and stores nothing', async (typed) => {
    const before = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${conversation.id}`,
    );
    const res = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: typed,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: MESSAGING_MESSAGES.contentRange,
    });
    const after = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id = ${conversation.id}`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });

  it('counts the 2000-character limit after the tags are removed', async () => {
    const text = 'y'.repeat(2000);
    expect((await send(renter, conversation.id, `<b>${text}</b>`)).content).toBe(text);
    const res = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
      content: `<b>${text}z</b>`,
      idempotencyKey: randomUUID(),
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(MESSAGING_MESSAGES.contentTooLong);
  });

  it('finds a message by the text as typed', async () => {
    const own = await openConversation(renter, await person(client, 'landlord'));
    await send(renter, own.id, 'Write to Zed & Co <zed@example.com>');
    const term = encodeURIComponent('& Co <zed@');
    const res = await renter.client.get(`/api/conversations?searchTerm=${term}`);
    expect(ConversationListSchema.parse(await res.json()).items.map((c) => c.id)).toEqual([own.id]);
  });

  it('migration 0010 turns content stored escaped under the old rule back into the text', async () => {
    const message = await send(renter, conversation.id, 'placeholder');
    await db.execute(
      sql`update messages set content = ${'Tom &amp; Jerry &lt;tom@example.com&gt; say &quot;hi&quot; &amp;lt;b&amp;gt;'} where id = ${message.id}`,
    );
    const migration = await readFile(
      path.join(MIGRATIONS_DIR, '0010_message-text-as-typed.sql'),
      'utf8',
    );
    await db.execute(sql.raw(migration));
    expect(await storedMessage(message.id)).toBe(
      'Tom & Jerry <tom@example.com> say "hi" &lt;b&gt;',
    );
  });
});

describe('listing text keeps what was typed, without real tags', () => {
  it.each(USER_TEXT_EXAMPLES.filter((e) => e.stored.length >= 3))(
    'title, description, address, unit and fee description: $typed',
    async ({ typed, stored }) => {
      const draft = await readListing(
        await landlord.client.post('/api/listings', { title: typed }),
      );
      expect(draft.title).toBe(stored);
      const listing = await readListing(
        await landlord.client.patch(
          `/api/listings/${draft.id}`,
          completeFields({
            description: typed,
            address: typed,
            unit: typed.length <= 20 ? typed : null,
            fees: [
              {
                type: 'other',
                amountCents: 1000,
                frequency: 'one_time',
                required: false,
                description: typed,
              },
            ],
          }),
        ),
      );
      expect(listing.title).toBe(stored);
      expect(listing.description).toBe(stored);
      expect(listing.address).toBe(stored);
      if (typed.length <= 20) expect(listing.unit).toBe(stored);
      expect(listing.fees[0]?.description).toBe(stored);
      const rows = await db.execute<{ title: string; description: string }>(
        sql`select title, description from listings where id = ${draft.id}`,
      );
      expect(rows.rows[0]).toEqual({ title: stored, description: stored });
    },
  );

  it('refuses a title that is only markup, and counts its limits after cleaning', async () => {
    for (const typed of MARKUP_ONLY_EXAMPLES) {
      const res = await landlord.client.post('/api/listings', { title: typed });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
    }
    const long = 't'.repeat(120);
    const draft = await readListing(
      await landlord.client.post('/api/listings', { title: `<i>${long}</i>` }),
    );
    expect(draft.title).toBe(long);
  });
});

describe('names keep what was typed, without real tags', () => {
  it.each(USER_TEXT_EXAMPLES)('sign-up and profile name: $typed', async ({ typed, stored }) => {
    const someone = await person(client, 'renter', typed);
    const me = MeResponseSchema.parse(await (await someone.client.get('/api/me')).json());
    expect(me.user.name).toBe(stored);
    const other = await person(client, 'renter', 'Plain Name');
    const res = await other.client.patch('/api/me', { name: typed });
    expect(res.status).toBe(200);
    expect(MeResponseSchema.parse(await res.json()).user.name).toBe(stored);
    const rows = await db.execute<{ name: string }>(
      sql`select name from users where id = ${other.id}`,
    );
    expect(rows.rows[0]?.name).toBe(stored);
  });

  it('refuses a name that is only markup', async () => {
    const res = await renter.client.patch('/api/me', { name: '<b></b>' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Please enter your name.',
    });
  });
});
