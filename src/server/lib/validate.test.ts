import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../app-env.ts';
import { handleError } from './http.ts';
import { validate } from './validate.ts';

/** An error body's request id differs per request. */
const stripRequestId = (body: unknown) => ({ ...(body as object), requestId: undefined });

describe('validate query with kept values (keepQueries)', () => {
  const Query = z.object({
    tags: z.preprocess((v) => (typeof v === 'string' ? v.split(',') : v), z.array(z.string())),
    limit: z.coerce.number().int().max(50).default(20),
  });
  let parses = 0;
  const Counted = z.preprocess((value) => {
    parses += 1;
    return value;
  }, Query);
  const seen: unknown[] = [];
  const app = new Hono<AppEnv>();
  app.onError(handleError);
  app.get('/kept', validate('query', Counted, {}, { keepQueries: 2 }), (c) => {
    seen.push(c.req.valid('query'));
    return c.json(c.req.valid('query'));
  });
  app.get('/plain', validate('query', Query), (c) => c.json(c.req.valid('query')));

  it('answers what plain validation answers, and parses a query string once', async () => {
    for (const query of ['tags=a,b&limit=3', 'tags=a&tags=b', 'tags=x%20y', 'limit=60&tags=a']) {
      const plain = await app.request(`/plain?${query}`);
      const first = await app.request(`/kept?${query}`);
      const again = await app.request(`/kept?${query}`);
      const expected = { status: plain.status, body: stripRequestId(await plain.json()) };
      expect({ status: first.status, body: stripRequestId(await first.json()) }).toEqual(expected);
      expect({ status: again.status, body: stripRequestId(await again.json()) }).toEqual(expected);
    }
    // The three valid strings parsed once each (two kept, the oldest went), the invalid one
    // every time.
    expect(parses).toBe(3 + 2);
  });

  it('hands every request the same frozen value, which no handler can change', async () => {
    seen.length = 0;
    await app.request('/kept?tags=q');
    await app.request('/kept?tags=q');
    const [first, second] = seen as { tags: string[] }[];
    expect(second).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => first?.tags.push('more')).toThrow(TypeError);
  });

  it('keeps at most as many as asked, the oldest going first', async () => {
    parses = 0;
    for (const tag of ['m', 'n', 'o', 'm']) await app.request(`/kept?tags=${tag}`);
    expect(parses).toBe(4);
  });
});
