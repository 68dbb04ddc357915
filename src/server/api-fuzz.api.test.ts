import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../shared/schemas/error.ts';
import { SEARCH_PARAM_KEYS } from '../shared/search-url.ts';
import { publishListing } from './test/listing-fixtures.ts';
import { openConversation, person, send } from './test/messaging-fixtures.ts';
import { propertyRuns } from './test/property-runs.ts';
import { type ApiClient, createTestApp } from './test/test-app.ts';

/**
 * Issue 10 acceptance: every JSON endpoint in /api/openapi.json (each operation with a request
 * body, and the query string of each GET), sent random bodies and strings as a renter, a landlord
 * and a signed-out visitor, never answers 5xx, and every 4xx is the error shape of
 * docs/architecture.md §4. Deterministic: one fixed seed (fast-check prints it, with the failing
 * input, on failure).
 */
const SEED = 20_261_110;
// The second API pass replays the first share of the same inputs on its server (decision 057).
const BODY_RUNS = propertyRuns(250);
const QUERY_RUNS = propertyRuns(120);

const { app, client } = await createTestApp({
  env: { MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' },
});
const renter = await person(client, 'renter');
const landlord = await person(client, 'landlord');
const listing = await publishListing(app, landlord.client);
const conversation = await openConversation(renter, landlord, listing.id);
const message = await send(renter, conversation.id, 'Is it still available?');
const visitor = client.fork();
/** Signed in only for the auth endpoints, which may change its password or end its session. */
const authUser = await person(client, 'renter');

type Operation = { method: string; path: string; bodyKeys: string[] | undefined };
type Schema = { $ref?: string; properties?: Record<string, unknown> } & Record<string, unknown>;
type OpenApiDocument = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

const doc = (await (await app.request('/api/openapi.json')).json()) as OpenApiDocument;

/** Property names of a body schema, following $refs and allOf/anyOf/oneOf one level down. */
function propertyNames(schema: Schema | undefined, depth = 0): string[] {
  if (!schema || depth > 4) return [];
  if (schema.$ref) {
    const name = schema.$ref.replace('#/components/schemas/', '');
    return propertyNames(doc.components?.schemas?.[name], depth + 1);
  }
  const names = Object.keys(schema.properties ?? {});
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) {
      for (const part of list) names.push(...propertyNames(part as Schema, depth + 1));
    }
  }
  return [...new Set(names)];
}

const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    bodyKeys: op.requestBody
      ? propertyNames(op.requestBody.content['application/json']?.schema)
      : undefined,
  })),
);
/** An endless stream, not a JSON answer: it has its own tests (events.test.ts). */
const STREAMS = new Set(['/api/events']);
const bodyOperations = operations.filter((op) => op.bodyKeys !== undefined);
const queryOperations = operations.filter((op) => op.method === 'GET' && !STREAMS.has(op.path));

/** Query names the GET schemas read (the document does not list query parameters). */
const QUERY_NAMES = [
  ...SEARCH_PARAM_KEYS,
  'cursor',
  'limit',
  'offset',
  'after',
  'before',
  'searchTerm',
  'listingId',
  'showUnreadOnly',
  'participantRole',
  'days',
  'term',
];

const MB = 1024 * 1024;
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0000',
    '\ud800',
    'x\udc00',
    '\udbff\udfff',
    '💥'.repeat(50),
    'null',
    '0',
    '-1',
    '1e309',
    'NaN',
    'true',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '%00',
    '9'.repeat(400),
    'x'.repeat(10_000),
    // Just under and just over the 1 MB body limit once quoted.
    'x'.repeat(MB - 200),
    'y'.repeat(MB + 10),
    randomUUID(),
    '2026-13-45',
    '2026-09-01',
    'williamsburg',
    'active',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Text PostgreSQL or UTF-8 cannot hold, inside otherwise ordinary text. */
const poison = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0000\ud83d', '\udc00\ud800'),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, bad, b]) => `Hello ${a}${bad}${b}`);

const leaf = fc.oneof(
  { arbitrary: poison, weight: 4 },
  { arbitrary: nastyString, weight: 4 },
  { arbitrary: fc.uuid().map(String), weight: 2 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  {
    arbitrary: fc.constantFrom(0, -1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, 0.5),
    weight: 1,
  },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { arbitrary: leaf, weight: 8 },
    { arbitrary: fc.array(tie('value'), { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(nastyString, tie('value'), { maxKeys: 3 }), weight: 1 },
  ),
})).value;

/** An object over the schema's own keys (so handlers are reached), plus stray keys. */
function objectFor(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = keys.length
    ? fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length })
    : fc.constant({});
  return fc
    .tuple(known, fc.dictionary(nastyString, value, { maxKeys: 2 }))
    .map(([a, b]) => ({ ...b, ...a }));
}

type Body = { text: string | undefined; contentType: string | undefined };
const JSON_TYPE = 'application/json';

function bodyFor(keys: string[]): fc.Arbitrary<Body> {
  const json = (v: unknown) => ({ text: JSON.stringify(v), contentType: JSON_TYPE });
  return fc.oneof(
    { arbitrary: objectFor(keys).map(json), weight: 6 },
    { arbitrary: value.map(json), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":',
          '[',
          'nul',
          '{"a":1}}',
          '{"a":1} trailing',
          "{'a':1}",
          '\u0000',
          '{"a":"\\u0000"}',
          '{"a":"\\ud800"}',
          `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
          `${'['.repeat(100_000)}`,
        )
        .map((text) => ({ text, contentType: JSON_TYPE })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          objectFor(keys),
          fc.constantFrom(
            undefined,
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/json; charset=utf-8',
            'application/vnd.api+json',
            'application/json; charset=latin1',
          ),
        )
        .map(([v, contentType]) => ({ text: JSON.stringify(v), contentType })),
      weight: 2,
    },
    { arbitrary: fc.constant({ text: undefined, contentType: JSON_TYPE }), weight: 1 },
    { arbitrary: fc.constant({ text: undefined, contentType: undefined }), weight: 1 },
  );
}

type Who = 'renter' | 'landlord' | 'visitor' | 'authUser';
const who = fc.constantFrom<Who>('renter', 'landlord', 'visitor');

const clients: Record<Who, ApiClient> = {
  renter: renter.client,
  landlord: landlord.client,
  visitor,
  authUser: authUser.client,
};

/** Real ids of the caller's own objects where they help reach handlers, and random ones. */
function pathParam(name: string, caller: Who): fc.Arbitrary<string> {
  const own: Record<string, string> = {
    id: caller === 'landlord' ? listing.id : conversation.id,
    listingId: listing.id,
    photoId: listing.photos[0]?.id ?? randomUUID(),
  };
  const real = name === 'id' ? [listing.id, conversation.id, message.id] : [own[name] ?? ''];
  return fc.oneof(
    { arbitrary: fc.constantFrom(...real, own[name] ?? randomUUID()), weight: 4 },
    { arbitrary: fc.uuid().map(String), weight: 2 },
    {
      arbitrary: fc.constantFrom('x', '0', '%00', '%ED%A0%80', '..', 'a'.repeat(300), '%2e%2e'),
      weight: 1,
    },
    { arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent), weight: 1 },
  );
}

function urlArbitrary(op: Operation, caller: Who): fc.Arbitrary<string> {
  const names = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (!names.length) return fc.constant(op.path);
  return fc
    .tuple(...names.map((name) => pathParam(name, caller)))
    .map((values) =>
      names.reduce((url, name, i) => url.replace(`{${name}}`, values[i] ?? ''), op.path),
    );
}

const queryValue = fc.oneof(
  poison.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  nastyString
    .filter((s) => s.length < 20_000)
    .map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''))),
  fc.constantFrom('%00', '%ED%A0%80', '%FF', '%', '%zz', 'a%00b', '1', '-5', '1e400', 'true', ''),
);
const queryString = fc
  .array(
    fc.tuple(
      fc.oneof(
        { arbitrary: fc.constantFrom(...QUERY_NAMES), weight: 4 },
        { arbitrary: fc.string({ maxLength: 8 }).map(encodeURIComponent), weight: 1 },
      ),
      queryValue,
    ),
    {
      maxLength: 5,
    },
  )
  .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&'));

async function check(method: string, url: string, caller: Who, body?: Body) {
  const headers: Record<string, string> = {};
  const jar = clients[caller].cookie;
  if (jar) headers.cookie = jar;
  if (body?.contentType) headers['content-type'] = body.contentType;
  const res = await app.request(url, {
    method,
    headers,
    ...(body?.text === undefined ? {} : { body: body.text }),
  });
  const text = await res.text();
  const what = `${caller} ${method} ${url.slice(0, 200)} -> ${res.status} ${text.slice(0, 300)}`;
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`not JSON: ${what}`);
    }
    const shape = ErrorBodySchema.safeParse(parsed);
    expect(shape.success, what).toBe(true);
    expect(shape.data?.requestId, what).toEqual(expect.any(String));
  }
}

/** Auth endpoints run signed out or as their own user: they may end the caller's session. */
const isAuth = (op: Operation) => op.path.startsWith('/api/auth/');

describe('API fuzz (every JSON endpoint of the OpenAPI document)', () => {
  it('lists the operations it fuzzes', () => {
    expect(bodyOperations.length).toBeGreaterThanOrEqual(10);
    expect(queryOperations.length).toBeGreaterThanOrEqual(10);
  });

  for (const op of bodyOperations) {
    it(`${op.method} ${op.path} with random bodies`, async () => {
      const callers = isAuth(op) ? fc.constantFrom<Who>('visitor', 'authUser') : who;
      await fc.assert(
        fc.asyncProperty(
          callers.chain((caller) =>
            fc.tuple(fc.constant(caller), urlArbitrary(op, caller), bodyFor(op.bodyKeys ?? [])),
          ),
          async ([caller, url, body]) => check(op.method, url, caller, body),
        ),
        { seed: SEED, numRuns: BODY_RUNS },
      );
    }, 120_000);
  }

  for (const op of queryOperations) {
    it(`GET ${op.path} with random query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(
          who.chain((caller) =>
            fc.tuple(fc.constant(caller), urlArbitrary(op, caller), queryString),
          ),
          async ([caller, url, query]) => check('GET', query ? `${url}?${query}` : url, caller),
        ),
        { seed: SEED, numRuns: QUERY_RUNS },
      );
    }, 120_000);
  }
});
