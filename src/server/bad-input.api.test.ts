import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import { INPUT_MESSAGES } from './lib/validate.ts';
import { publishListing, readListing } from './test/listing-fixtures.ts';
import { openConversation, type Person, person } from './test/messaging-fixtures.ts';
import { createTestApp } from './test/test-app.ts';

/**
 * Issue 10 item 8: malformed JSON and text PostgreSQL cannot store (NUL, lone surrogates) are
 * the sender's mistake: a 400 VALIDATION_ERROR in the docs/architecture.md §4 shape, never a 500.
 */
const { app, client } = await createTestApp();
const renter: Person = await person(client, 'renter');
const landlord: Person = await person(client, 'landlord');
const listing = await publishListing(app, landlord.client);
const conversation = await openConversation(renter, landlord, listing.id);

async function expectValidationError(res: Response, path?: string, message?: string) {
  const text = await res.text();
  expect(res.status, text).toBe(400);
  const body = ErrorBodySchema.parse(JSON.parse(text));
  expect(body.error.code).toBe('VALIDATION_ERROR');
  expect(body.requestId).toEqual(expect.any(String));
  if (message !== undefined) expect(body.error.message).toBe(message);
  if (path !== undefined) {
    expect(body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  }
  return body;
}

function raw(who: Person, method: string, url: string, body?: string, contentType?: string) {
  const headers: Record<string, string> = { cookie: who.client.cookie };
  if (contentType) headers['content-type'] = contentType;
  return app.request(url, { method, headers, ...(body === undefined ? {} : { body }) });
}

const JSON_TYPE = 'application/json';
const NOT_JSON = INPUT_MESSAGES.notJson;
const malformed: [string, string | undefined, string | undefined][] = [
  ['invalid JSON', '{"participantId":', JSON_TYPE],
  ['an empty body', '', JSON_TYPE],
  ['no body at all', undefined, JSON_TYPE],
  ['a JSON array', '[1,2]', JSON_TYPE],
  ['a JSON string', '"hello"', JSON_TYPE],
  ['JSON null', 'null', JSON_TYPE],
  ['text/plain', '{"content":"hi"}', 'text/plain'],
  ['no content-type', '{"content":"hi"}', undefined],
  ['a form', 'content=hi', 'application/x-www-form-urlencoded'],
  ['trailing garbage', '{"content":"hi"} x', JSON_TYPE],
];

describe('malformed JSON is a 400, not a 500', () => {
  for (const [name, body, type] of malformed) {
    it(`POST /api/conversations with ${name}`, async () => {
      const res = await raw(renter, 'POST', '/api/conversations', body, type);
      await expectValidationError(res, '', NOT_JSON);
    });
    it(`POST /api/conversations/:id/messages with ${name}`, async () => {
      const url = `/api/conversations/${conversation.id}/messages`;
      await expectValidationError(await raw(renter, 'POST', url, body, type), '', NOT_JSON);
    });
  }

  it('PATCH /api/listings/:id with a JSON body sent as text/plain', async () => {
    const url = `/api/listings/${listing.id}`;
    const plain = await raw(landlord, 'PATCH', url, '{"title":"A title"}', 'text/plain');
    await expectValidationError(plain, '', NOT_JSON);
    await expectValidationError(await raw(landlord, 'PATCH', url, '{}', undefined), '', NOT_JSON);
  });

  it('PATCH /api/me and PATCH /api/listings/:id with invalid JSON', async () => {
    await expectValidationError(
      await raw(renter, 'PATCH', '/api/me', '{', JSON_TYPE),
      '',
      NOT_JSON,
    );
    const url = `/api/listings/${listing.id}`;
    const res = await raw(landlord, 'PATCH', url, '{"title":', JSON_TYPE);
    await expectValidationError(res, '', NOT_JSON);
  });
});

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';

describe('text PostgreSQL cannot store is a 400 naming the field', () => {
  for (const [name, bad] of [
    ['NUL', NUL],
    ['a lone surrogate', LONE_SURROGATE],
  ] as const) {
    it(`${name} in message text`, async () => {
      const res = await renter.client.post(`/api/conversations/${conversation.id}/messages`, {
        content: bad,
        idempotencyKey: crypto.randomUUID(),
      });
      await expectValidationError(res, 'content');
    });

    it(`${name} in a user name`, async () => {
      await expectValidationError(await renter.client.patch('/api/me', { name: bad }), 'name');
    });

    it(`${name} in a listing title`, async () => {
      const draft = await readListing(
        await landlord.client.post('/api/listings', { title: 'Draft' }),
      );
      const res = await landlord.client.patch(`/api/listings/${draft.id}`, { title: bad });
      await expectValidationError(res, 'title');
      await expectValidationError(
        await landlord.client.post('/api/listings', { title: bad }),
        'title',
      );
    });

    it(`${name} deep inside a body`, async () => {
      const res = await landlord.client.patch(`/api/listings/${listing.id}`, {
        fees: [
          { type: 'application', amountCents: 1, frequency: 'one_time', required: true },
          {
            type: 'other',
            amountCents: 1,
            frequency: 'one_time',
            required: false,
            description: bad,
          },
        ],
      });
      await expectValidationError(res, 'fees.1.description');
    });
  }

  // A URL cannot carry a lone surrogate (it is UTF-8), so only NUL for query strings.
  it('NUL in conversation search', async () => {
    const res = await renter.client.get('/api/conversations/search?searchTerm=a%00b');
    await expectValidationError(res, 'searchTerm');
  });

  it('NUL in conversation suggestions', async () => {
    const res = await renter.client.get('/api/conversations/suggestions?term=a%00b');
    await expectValidationError(res, 'term');
  });

  it('NUL in listing search', async () => {
    await expectValidationError(await renter.client.get('/api/listings?q=a%00b'), 'q');
  });

  it('a NUL in an object key', async () => {
    const res = await renter.client.patch('/api/me', { name: 'Ok', [NUL]: 1 });
    await expectValidationError(res);
  });
});
