import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions } from '../db/schema/auth.ts';
import { createTestApp } from '../test/test-app.ts';
import { cookieValue, verifiedToken } from './session.ts';

/*
 * Sessions are resolved by Stoop's own statement (session.ts) and, for the rare cases, by
 * better-auth: both must agree with the cookies better-auth writes, and revocation must hold
 * on the very next request.
 */

const { db, deps, client } = await createTestApp();
const { secret, authCookies, sessionConfig } = await deps.auth.$context;
const COOKIE = authCookies.sessionToken.name;

async function signedIn() {
  const who = client.fork();
  const { email } = await who.signUp({ userType: 'renter' });
  const raw = cookieValue(who.cookie, COOKIE) ?? '';
  const token = verifiedToken(raw, secret);
  return { who, email, raw, token };
}

const me = async (who: { get(url: string): Promise<Response> }) =>
  (await who.get('/api/me')).status;

describe('session cookies', () => {
  it("accepts better-auth's own cookie, the session it names and its user", async () => {
    const { who, email, token } = await signedIn();
    expect(token).not.toBeNull();
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token, token ?? ''));
    expect(row).toBeDefined();
    const res = await who.get('/api/me');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(email);
  });

  it('refuses a cookie whose signature or token was changed, or is malformed', async () => {
    const { who, raw } = await signedIn();
    const [token, signature] = decodeURIComponent(raw).split('.') as [string, string];
    const flipped = `${token.slice(0, -1)}${token.endsWith('a') ? 'b' : 'a'}`;
    for (const bad of [
      `${flipped}.${signature}`,
      `${token}.${signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`,
      token,
      `${token}.`,
      '%E0%A4%A',
    ]) {
      const forged = client.fork();
      forged.cookie = `${COOKIE}=${encodeURIComponent(bad)}`;
      expect(await me(forged), bad).toBe(401);
    }
    expect(await me(who)).toBe(200);
  });

  it('refuses a session the moment it is signed out, or deleted by another instance', async () => {
    const first = await signedIn();
    const copy = client.fork();
    copy.cookie = first.who.cookie;
    expect((await first.who.post('/api/auth/sign-out')).status).toBe(200);
    expect(await me(copy)).toBe(401);

    const second = await signedIn();
    expect(await me(second.who)).toBe(200);
    await db.delete(sessions).where(eq(sessions.token, second.token ?? ''));
    expect(await me(second.who)).toBe(401);
  });

  it('lets better-auth delete an expired session and refresh an ageing one', async () => {
    const expired = await signedIn();
    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.token, expired.token ?? ''));
    expect(await me(expired.who)).toBe(401);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.token, expired.token ?? '')),
    ).toEqual([]);

    // Past its update age (a day): still signed in, and the expiry moves forward again.
    const ageing = await signedIn();
    const ageSeconds = sessionConfig.updateAge + 60;
    const oldExpiry = new Date(Date.now() + (sessionConfig.expiresIn - ageSeconds) * 1000);
    await db
      .update(sessions)
      .set({ expiresAt: oldExpiry })
      .where(eq(sessions.token, ageing.token ?? ''));
    expect(await me(ageing.who)).toBe(200);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.token, ageing.token ?? ''));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(oldExpiry.getTime() + 3_600_000);
  });
});
