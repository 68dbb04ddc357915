import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../../shared/schemas/error.ts';
import {
  SavedSearchesSchema,
  UnsubscribeResultSchema,
} from '../../../shared/schemas/saved-searches.ts';
import { alertPreferences } from '../../db/schema/alerts.ts';
import { liveEvents, saveSearch } from '../../test/alert-fixtures.ts';
import { person } from '../../test/messaging-fixtures.ts';
import { createTestApp } from '../../test/test-app.ts';
import { signUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const { app, deps, db, client } = await createTestApp();
const secret = deps.auth.options.secret;
const renter = await person(client, 'renter');
const a = await saveSearch(renter, { name: 'Search A', query: { neighborhoods: 'astoria' } });
const b = await saveSearch(renter, { name: 'Search B', query: { neighborhoods: 'sunnyside' } });
const tokenA = signUnsubscribeToken(secret, { kind: 'saved-search', id: a.id });

async function alertsOf(id: string) {
  const res = await renter.client.get('/api/saved-searches');
  return SavedSearchesSchema.parse(await res.json()).items.find((s) => s.id === id)?.alerts;
}

/** A signed-out JSON post, as the unsubscribe page makes it. */
function post(body: unknown) {
  return client.fork().post('/api/alerts/unsubscribe', body);
}

async function invalidToken(res: Response) {
  expect(res.status).toBe(400);
  expect(ErrorBodySchema.parse(await res.json()).error).toMatchObject({
    code: 'INVALID_TOKEN',
    message: 'This link is invalid or has expired.',
  });
}

describe('one-click unsubscribe', () => {
  it('signs and verifies; any change to the token breaks it', () => {
    expect(verifyUnsubscribeToken(secret, tokenA)).toEqual({ kind: 'saved-search', id: a.id });
    const [subject, signature] = tokenA.split('.');
    const forgedSubject = Buffer.from(`saved-search:${b.id}`).toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${forgedSubject}.${signature}`)).toBeNull();
    expect(verifyUnsubscribeToken(secret, `${subject}.${signature}x`)).toBeNull();
    expect(verifyUnsubscribeToken('another-secret-another-secret-0123', tokenA)).toBeNull();
    expect(verifyUnsubscribeToken(secret, 'nonsense')).toBeNull();
  });

  it("turns off only the token's own search, signed out, and tells the owner's tabs", async () => {
    const before = (await liveEvents(db, renter.id, 'saved-searches.changed')).length;
    const res = await post({ token: tokenA });
    expect(res.status).toBe(200);
    expect(UnsubscribeResultSchema.parse(await res.json())).toEqual({
      unsubscribed: { kind: 'saved-search', id: a.id, name: 'Search A' },
    });
    expect(await alertsOf(a.id)).toBe('off');
    expect(await alertsOf(b.id)).toBe('instant');
    expect(await liveEvents(db, renter.id, 'saved-searches.changed')).toHaveLength(before + 1);
    // Again: the same answer (a mail client may post twice).
    expect((await post({ token: tokenA })).status).toBe(200);
  });

  it('refuses a forged token (400 INVALID_TOKEN) and changes nothing', async () => {
    const [, signature] = tokenA.split('.');
    const forged = `${Buffer.from(`saved-search:${b.id}`).toString('base64url')}.${signature}`;
    await invalidToken(await post({ token: forged }));
    await invalidToken(await post({ token: 'x.y' }));
    // Well signed, but the search is gone.
    const gone = signUnsubscribeToken(secret, { kind: 'saved-search', id: crypto.randomUUID() });
    await invalidToken(await post({ token: gone }));
    expect(await alertsOf(b.id)).toBe('instant');
    const missing = await post({});
    expect(missing.status).toBe(400);
    expect(ErrorBodySchema.parse(await missing.json()).error.code).toBe('VALIDATION_ERROR');
  });

  it('takes the RFC 8058 one-click form post from a mail provider (no cookie, foreign origin)', async () => {
    const tokenB = signUnsubscribeToken(secret, { kind: 'saved-search', id: b.id });
    const res = await app.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(tokenB)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.com',
        'sec-fetch-site': 'cross-site',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await alertsOf(b.id)).toBe('off');
    // Other state-changing endpoints still refuse a foreign origin.
    const other = await renter.client.post(
      '/api/saved-searches',
      { name: 'X', query: {} },
      { origin: 'https://mail.example.com' },
    );
    expect(other.status).toBe(403);
  });

  it("turns off a user's saved-listing alerts with their token", async () => {
    const token = signUnsubscribeToken(secret, { kind: 'saved-listings', userId: renter.id });
    const res = await post({ token });
    expect(UnsubscribeResultSchema.parse(await res.json())).toEqual({
      unsubscribed: { kind: 'saved-listings' },
    });
    const [prefs] = await db
      .select()
      .from(alertPreferences)
      .where(eq(alertPreferences.userId, renter.id));
    expect(prefs?.savedListingAlerts).toBe(false);
  });

  it('sends a browser that opens the List-Unsubscribe address to the unsubscribe page', async () => {
    const res = await app.request(`/api/alerts/unsubscribe?token=${encodeURIComponent(tokenA)}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      `/alerts/unsubscribe?token=${encodeURIComponent(tokenA)}`,
    );
  });
});
