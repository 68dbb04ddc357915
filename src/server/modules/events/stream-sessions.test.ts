import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../../app-env.ts';
import { loadSession, sessionResolver } from '../../auth/session.ts';
import { adminPerson } from '../../test/admin-fixtures.ts';
import {
  EventStreamReader,
  openConversation,
  type Person,
  person,
  send,
} from '../../test/messaging-fixtures.ts';
import { type ApiClient, createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';
import { createEventsRoutes } from './events.routes.ts';

/*
 * Issue 26: a live stream ends with the session that opened it (sign-out, a password change or
 * reset, a suspension, an account deletion, expiry), on every instance, and writes nothing after.
 */

const { app, db, client, url, deps } = await createTestApp();
// A second instance on the same database: its own pool and its own LISTEN connection.
const second = await createTestApp({ database: url });
// The same app's stream route with a heartbeat every 100 ms instead of 25 s.
const quick = new Hono<AppEnv>()
  .use(loadSession(sessionResolver(deps.auth, db)))
  .route('/api/events', createEventsRoutes(deps, { heartbeatMs: 100 }));

type RequestApp = Parameters<typeof EventStreamReader.open>[0];
const open: EventStreamReader[] = [];
async function stream(browser: ApiClient, on: RequestApp = app) {
  const reader = await EventStreamReader.open(on, browser);
  expect(reader.status).toBe(200);
  open.push(reader);
  return reader;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});

const isReady = (events: { type: string }[]) => events.some((e) => e.type === 'ready');
const hasEnded = (_: unknown, ended: boolean) => ended;

/** The same browser's cookie in another client (another tab, or through another instance). */
function sameCookie(browser: ApiClient, on: ApiClient = client) {
  const copy = on.fork();
  copy.cookie = browser.cookie;
  return copy;
}

/** The person signed in a second time: another device, another session. */
async function anotherDevice(who: Person) {
  const device = client.fork();
  expect((await device.signIn(who.email)).status).toBe(200);
  return device;
}

async function sessionIdOf(userId: string, nth = 0) {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from sessions where user_id = ${userId} order by created_at, id`,
  );
  const id = rows[nth]?.id;
  if (!id) throw new Error('no such session');
  return id;
}

/** A renter with an open stream, and a landlord they talk to. */
async function renterWatching(on: RequestApp = app) {
  const renter = await person(client);
  const landlord = await person(client, 'landlord');
  const conversation = await openConversation(landlord, renter);
  const tab = await stream(renter.client, on);
  await tab.until(isReady);
  return { renter, landlord, conversation, tab };
}

describe('a live stream and its session', () => {
  it('ends when its session signs out in another tab, and writes nothing after', async () => {
    const { renter, landlord, conversation, tab } = await renterWatching();
    // The same person on another device keeps their stream.
    const phone = await anotherDevice(renter);
    const phoneTab = await stream(phone);
    await phoneTab.until(isReady);

    expect((await sameCookie(renter.client).post('/api/auth/sign-out')).status).toBe(200);
    const message = await send(landlord, conversation.id, 'After the sign-out');

    await tab.until(hasEnded);
    await phoneTab.until((events) => events.some((e) => e.type === 'message.created'));
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
    expect(JSON.stringify(tab.events)).not.toContain(message.id);
    expect(phoneTab.ended).toBe(false);
  });

  it('ends when a password change signs the other sessions out', async () => {
    const { renter, landlord, conversation, tab } = await renterWatching();
    const phone = await anotherDevice(renter);
    const changed = await phone.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-brand-new-password',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    await send(landlord, conversation.id, 'After the password change');
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
    // The phone's new session streams as before.
    const phoneTab = await stream(phone);
    await phoneTab.until(isReady);
    expect(phoneTab.ended).toBe(false);
  });

  it('ends within 2 s on another instance when the session signs out through this one', async () => {
    const { renter, landlord, conversation, tab } = await renterWatching(second.app);
    expect(second.deps.events.size).toBe(1);
    expect((await sameCookie(renter.client).post('/api/auth/sign-out')).status).toBe(200);
    await tab.until(hasEnded, 2_000);
    await send(landlord, conversation.id, 'After the sign-out elsewhere');
    await vi.waitFor(() => expect(second.deps.events.size).toBe(0), { timeout: 2_000 });
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('ends when a password reset ends every session', async () => {
    const { renter, tab } = await renterWatching(second.app);
    expect(
      (await client.fork().post('/api/auth/request-password-reset', { email: renter.email }))
        .status,
    ).toBe(200);
    const token = await vi.waitFor(
      async () => {
        const mail = (await deps.mailer.listOutbox()).find(
          (m) => m.to === renter.email && m.subject === 'Reset your Stoop password',
        );
        const found = mail?.text.match(/[?&#]token=([^&\s]+)/)?.[1];
        if (!found) throw new Error('no reset mail yet');
        return decodeURIComponent(found);
      },
      { timeout: 5_000, interval: 25 },
    );
    const reset = await client
      .fork()
      .post('/api/auth/reset-password', { token, newPassword: 'reset-to-this-one' });
    expect(reset.status).toBe(200);
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('ends when an admin suspends the user, or the suspension is written by hand', async () => {
    const admin = await adminPerson(client, db);
    const suspended = await renterWatching(second.app);
    const res = await admin.client.post(`/api/admin/users/${suspended.renter.id}/suspend`, {});
    expect(res.status).toBe(200);
    await suspended.tab.until(hasEnded);

    // Sessions left in place (defence in depth): the user's row alone ends the stream.
    const { renter, tab } = await renterWatching(second.app);
    await db.execute(sql`update users set suspended_at = now() where id = ${renter.id}`);
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('ends when the account is deleted', async () => {
    const { renter, tab } = await renterWatching(second.app);
    const phone = await anotherDevice(renter);
    expect((await phone.delete('/api/me', { password: TEST_PASSWORD })).ok).toBe(true);
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('ends at its session expiry', async () => {
    const { renter, tab } = await renterWatching(second.app);
    const sessionId = await sessionIdOf(renter.id);
    // Nearly over (as a session nobody refreshed would be): nothing announces the moment itself.
    await db.execute(
      sql`update sessions set expires_at = now() + interval '1 second' where id = ${sessionId}`,
    );
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
  });

  it('checks its session again at every heartbeat, whatever the notices say', async () => {
    const { renter, tab } = await renterWatching(quick);
    const other = await renterWatching(quick);
    const sessionId = await sessionIdOf(renter.id);
    // Deleted without a notice (replica mode skips the triggers).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where id = ${sessionId}`);
    });
    await tab.until(hasEnded);
    expect(tab.events.map((e) => e.type)).toEqual(['ready']);
    // A stream whose session is good has been through the same heartbeats and stays.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(other.tab.ended).toBe(false);
  });

  it('writes nothing when its session ended while the request was on its way', async () => {
    const renter = await person(client);
    // The session is in this instance's memory; then it ends without a notice.
    expect((await renter.client.get('/api/me')).status).toBe(200);
    const sessionId = await sessionIdOf(renter.id);
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where id = ${sessionId}`);
    });
    const tab = await stream(renter.client);
    await tab.until(hasEnded);
    expect(tab.events).toEqual([]);
  });
});
