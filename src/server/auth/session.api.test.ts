import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema/auth.ts';
import { createTestApp } from '../test/test-app.ts';
import { betterAuthStorages, STORAGE_USES_HOOKS } from './idle-storage.ts';
import { cookieValue, verifiedToken } from './session.ts';

/*
 * Sessions are resolved by Stoop's own statement (session.ts) and, for the rare cases, by
 * better-auth: both must agree with the cookies better-auth writes, and revocation must hold
 * on the very next request.
 */

const { db, deps, client, url } = await createTestApp();
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
    // Another instance's delete reaches this one as a NOTIFY; sync() waits for it.
    await deps.events.sync();
    expect(await me(second.who)).toBe(401);
  });

  it('keeps a resolved session in memory, and forgets it when its session or user changes', async () => {
    const { who, token, email } = await signedIn();
    expect(await me(who)).toBe(200);
    // A change the triggers do not see (replica mode skips them) stays invisible: proof the
    // session is served from memory, not read again.
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(users).set({ name: 'Unseen' }).where(eq(users.email, email));
    });
    const cached = (await (await who.get('/api/me')).json()) as { user: { name: string } };
    expect(cached.user.name).not.toBe('Unseen');
    // Any change the triggers see: the user's (a rename elsewhere) or the session's.
    await db.update(users).set({ name: 'Seen' }).where(eq(users.email, email));
    await deps.events.sync();
    const renamed = (await (await who.get('/api/me')).json()) as { user: { name: string } };
    expect(renamed.user.name).toBe('Seen');
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.email, email));
    await deps.events.sync();
    expect(await me(who)).toBe(401);
    expect(token).not.toBeNull();
  });

  it('sees its own writes on the next request: a rename through the API', async () => {
    const { who } = await signedIn();
    expect(await me(who)).toBe(200);
    expect((await who.patch('/api/me', { name: 'Renamed Here' })).status).toBe(200);
    const body = (await (await who.get('/api/me')).json()) as { user: { name: string } };
    expect(body.user.name).toBe('Renamed Here');
  });

  it('a sign-out on one instance is refused by another within a second', async () => {
    const other = await createTestApp({ database: url });
    const { who } = await signedIn();
    const elsewhere = other.client.fork();
    elsewhere.cookie = who.cookie;
    expect(await me(elsewhere)).toBe(200); // now kept in the other instance's memory
    expect(await me(elsewhere)).toBe(200);
    expect((await who.post('/api/auth/sign-out')).status).toBe(200);
    // A few milliseconds on an idle machine (bench/api-baseline.ts measures it); the poll's
    // limit is generous for a loaded CI machine.
    await expect.poll(() => me(elsewhere), { timeout: 10_000, interval: 20 }).toBe(401);
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

describe("better-auth's AsyncLocalStorage between calls (decision 060)", () => {
  it('is switched off once its calls have answered, wherever it costs hooks (before Node 24)', async () => {
    const { who } = await signedIn();
    expect(await me(who)).toBe(200);
    expect((await who.post('/api/auth/sign-out', {})).status).toBe(200);
    const storages = betterAuthStorages();
    expect(storages.length).toBeGreaterThan(0);
    // Node 20 and 22's AsyncLocalStorage says whether it is enabled (its hooks with it); Node
    // 24's keeps its store in the async context frame, costs no hooks and has no such flag.
    const flags = storages.map((storage) => (storage as { enabled?: boolean }).enabled);
    expect(flags).toEqual(storages.map(() => (STORAGE_USES_HOOKS ? false : undefined)));
  });
});
