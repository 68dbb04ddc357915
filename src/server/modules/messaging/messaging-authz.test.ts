import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import { MESSAGING_MESSAGES } from '../../../shared/schemas/messaging.ts';
import { type Answer, authzMatrix, SIGNED_OUT } from '../../test/authz-matrix.ts';
import { publishListing } from '../../test/listing-fixtures.ts';
import { openConversation, person, send } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Issue 5's authorization matrix: every messaging endpoint, as each participant, a third user,
 * a landlord of another listing and signed out. Nothing outside the expected answers is a 2xx,
 * and a refused request changes nothing.
 */
const { app, db, client } = await createTestApp();
const renter = await person(client, 'renter', 'Pat Participant');
const landlord = await person(client, 'landlord', 'Lee Landlord');
const third = await person(client, 'renter', 'Terry Third');
const otherLandlord = await person(client, 'landlord', 'Olga Other');
const listing = await publishListing(app, landlord.client);
await publishListing(app, otherLandlord.client, { neighborhood: 'astoria' });
const conversation = await openConversation(renter, landlord, listing.id);
const secret = 'the door code is 4417';
const message = await send(renter, conversation.id, secret);
await send(landlord, conversation.id, 'thanks');

type Role = 'participant' | 'otherParticipant' | 'third' | 'otherLandlord' | 'signedOut';
const matrix = authzMatrix<Role>({
  client,
  seats: {
    participant: renter,
    otherParticipant: landlord,
    third,
    otherLandlord,
    signedOut: SIGNED_OUT,
  },
});

type Case = {
  name: string;
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: () => unknown;
  expect: Record<Role, Answer>;
  /** For 2xx answers to outsiders: the conversation must not show up in them. */
  leakCheck?: boolean;
};

const outsiders = (status: number, message?: string) => ({
  third: { status, message },
  otherLandlord: { status, message },
  signedOut: { status: 401 },
});
const everyone = (status: number) => ({
  participant: { status },
  otherParticipant: { status },
  ...outsiders(status),
});

const c = conversation.id;
const cases: Case[] = [
  {
    name: 'list',
    method: 'GET',
    path: '/api/conversations',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'search',
    method: 'GET',
    path: '/api/conversations/search?searchTerm=door',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'suggestions',
    method: 'GET',
    path: '/api/conversations/suggestions?term=Le',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'list, a later page',
    method: 'GET',
    path: '/api/conversations?limit=1&sort=oldest',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'listings talked about',
    method: 'GET',
    path: '/api/conversations/listings',
    expect: everyone(200),
    leakCheck: true,
  },
  { name: 'stats', method: 'GET', path: '/api/conversations/stats', expect: everyone(200) },
  {
    name: 'recent',
    method: 'GET',
    path: '/api/conversations/recent',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'unread count',
    method: 'GET',
    path: '/api/messages/unread-count',
    expect: everyone(200),
    leakCheck: true,
  },
  {
    name: 'get conversation',
    method: 'GET',
    path: `/api/conversations/${c}`,
    expect: {
      participant: { status: 200 },
      otherParticipant: { status: 200 },
      ...outsiders(403, MESSAGING_MESSAGES.cannotAccess),
    },
  },
  {
    name: 'messages',
    method: 'GET',
    path: `/api/conversations/${c}/messages`,
    expect: {
      participant: { status: 200 },
      otherParticipant: { status: 200 },
      ...outsiders(403, MESSAGING_MESSAGES.cannotView),
    },
  },
  {
    name: 'send',
    method: 'POST',
    path: `/api/conversations/${c}/messages`,
    body: () => ({ content: 'hello', idempotencyKey: randomUUID() }),
    expect: {
      participant: { status: 201 },
      otherParticipant: { status: 201 },
      ...outsiders(403, MESSAGING_MESSAGES.cannotSend),
    },
  },
  {
    name: 'mark read',
    method: 'POST',
    path: `/api/conversations/${c}/read`,
    expect: {
      participant: { status: 200 },
      otherParticipant: { status: 200 },
      ...outsiders(403, MESSAGING_MESSAGES.cannotMarkRead),
    },
  },
  {
    name: 'edit',
    method: 'PATCH',
    path: `/api/messages/${message.id}`,
    body: () => ({ content: `${secret} (edited)` }),
    expect: {
      participant: { status: 200 },
      otherParticipant: { status: 403, message: MESSAGING_MESSAGES.cannotEdit },
      // Outsiders do not learn the message exists.
      ...outsiders(404),
    },
  },
  {
    name: 'get-or-create',
    method: 'POST',
    path: '/api/conversations',
    body: () => ({ participantId: landlord.id }),
    expect: {
      participant: { status: 200 },
      otherParticipant: { status: 400, message: MESSAGING_MESSAGES.createFailed },
      third: { status: 201 },
      otherLandlord: { status: 201 },
      signedOut: { status: 401 },
    },
  },
];

async function snapshot() {
  const result = await db.execute<{ messages: number; reads: number; content: string }>(sql`
    select (select count(*)::int from messages where conversation_id = ${c}) as messages,
      (select count(*)::int from message_read_status) as reads,
      (select content from messages where id = ${message.id}) as content`);
  return result.rows[0];
}

describe('messaging authorization matrix', () => {
  for (const testCase of cases) {
    matrix.row({
      name: testCase.name,
      expect: testCase.expect,
      request: () => ({ method: testCase.method, path: testCase.path, body: testCase.body?.() }),
      unchanged: snapshot,
      inspect: (role, status, text) => {
        const outsider = role === 'third' || role === 'otherLandlord';
        if (outsider && status < 300 && testCase.leakCheck) {
          expect(text).not.toContain(c);
          expect(text).not.toContain('door code');
        }
      },
    });
  }

  it('answers 404 CONVERSATION_NOT_FOUND for an unknown or malformed id', async () => {
    for (const id of [randomUUID(), 'not-a-uuid']) {
      for (const [method, path] of [
        ['GET', `/api/conversations/${id}`],
        ['GET', `/api/conversations/${id}/messages`],
        ['POST', `/api/conversations/${id}/read`],
      ] as const) {
        const res = await renter.client.request(method, path);
        expect(res.status).toBe(404);
        expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
          code: 'CONVERSATION_NOT_FOUND',
          message: 'Conversation not found',
        });
      }
    }
  });

  it('refuses the event stream when signed out', async () => {
    const res = await app.request('/api/events');
    expect(res.status).toBe(401);
  });

  describe('listing context', () => {
    /** The conversation's listing id straight from the database. */
    async function contextOf(conversationId: string) {
      const { rows } = await db.execute<{ listing_id: string | null }>(
        sql`select listing_id from conversations where id = ${conversationId}`,
      );
      return rows[0]?.listing_id;
    }

    it("refuses another landlord's archived or draft listing: 404, nothing leaks or changes", async () => {
      const archived = await publishListing(app, otherLandlord.client, {
        address: '9 Hidden Archive St',
      });
      expect(
        (await otherLandlord.client.patch(`/api/listings/${archived.id}`, { status: 'archived' }))
          .status,
      ).toBe(200);
      const draftRes = await otherLandlord.client.post('/api/listings', {
        title: 'Secret draft penthouse',
      });
      const draft = (await draftRes.json()) as { listing: { id: string } };
      const before = await contextOf(conversation.id);
      for (const hidden of [archived.id, draft.listing.id]) {
        // As the renter, into the existing conversation with the listing's stranger landlord.
        const res = await renter.client.post('/api/conversations', {
          participantId: landlord.id,
          listingId: hidden,
        });
        const text = await res.text();
        expect(res.status, text).toBe(404);
        expect(text).not.toContain('Hidden Archive');
        expect(text).not.toContain('Secret draft');
        expect(await contextOf(conversation.id)).toBe(before);
        // And to the owner of the hidden listing: still not visible to the renter.
        const toOwner = await third.client.post('/api/conversations', {
          participantId: otherLandlord.id,
          listingId: hidden,
        });
        expect(toOwner.status).toBe(404);
      }
    });

    it('refuses an active listing of someone who is not in the conversation', async () => {
      const strangers = await publishListing(app, otherLandlord.client, {
        neighborhood: 'harlem',
      });
      const before = await contextOf(conversation.id);
      const res = await renter.client.post('/api/conversations', {
        participantId: landlord.id,
        listingId: strangers.id,
      });
      expect(res.status).toBe(404);
      expect(await contextOf(conversation.id)).toBe(before);
    });

    it("lets a landlord use their own draft, and a renter the landlord's active listing", async () => {
      const draftRes = await landlord.client.post('/api/listings', { title: 'Coming up soon' });
      const draft = (await draftRes.json()) as { listing: { id: string } };
      const own = await landlord.client.post('/api/conversations', {
        participantId: third.id,
        listingId: draft.listing.id,
      });
      expect([200, 201]).toContain(own.status);
      const renterSide = await renter.client.post('/api/conversations', {
        participantId: landlord.id,
        listingId: listing.id,
      });
      expect(renterSide.status).toBe(200);
    });
  });
});
