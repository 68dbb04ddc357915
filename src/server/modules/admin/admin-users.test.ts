import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../../shared/errors.ts';
import {
  AdminAuditSchema,
  AdminOverviewSchema,
  AdminUserResponseSchema,
  AdminUsersSchema,
} from '../../../shared/schemas/admin.ts';
import { adminPerson, errorOf } from '../../test/admin-fixtures.ts';
import { EventStreamReader, person } from '../../test/messaging-fixtures.ts';
import { createTestApp, TEST_PASSWORD } from '../../test/test-app.ts';

const { app, client, db, deps } = await createTestApp();
const admin = await adminPerson(client, db);

async function audits(targetId: string) {
  const result = await db.execute<{ action: string; actor_id: string; details: unknown }>(sql`
    select action, actor_id, details from admin_audit_log where target_id = ${targetId}
    order by created_at, id`);
  return result.rows;
}

async function sessionCount(userId: string) {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from sessions where user_id = ${userId}`,
  );
  return result.rows[0]?.n ?? 0;
}

const suspend = (id: string, body: unknown = {}) =>
  admin.client.post(`/api/admin/users/${id}/suspend`, body);
const restore = (id: string) => admin.client.post(`/api/admin/users/${id}/restore`);

describe('suspension', () => {
  it("ends the user's sessions: their next request is a 401, on every device", async () => {
    const renter = await person(client, 'renter');
    const phone = renter.client.fork();
    expect((await phone.signIn(renter.email)).status).toBe(200);
    expect(await sessionCount(renter.id)).toBe(2);
    expect((await renter.client.get('/api/me')).status).toBe(200);

    const res = await suspend(renter.id, { reason: 'Asked renters for deposits by wire.' });
    expect(res.status).toBe(200);
    const { user } = AdminUserResponseSchema.parse(await res.json());
    expect(user.suspendedAt).not.toBeNull();
    expect(user.userType).toBe('renter');

    expect((await renter.client.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect(await sessionCount(renter.id)).toBe(0);
    expect(await audits(renter.id)).toEqual([
      {
        action: 'user.suspend',
        actor_id: admin.id,
        details: { reason: 'Asked renters for deposits by wire.', sessionsEnded: 2 },
      },
    ]);
  });

  it('ends their open live streams too, and only theirs', async () => {
    const renter = await person(client, 'renter');
    const bystander = await person(client, 'renter');
    const tabs = await Promise.all([
      EventStreamReader.open(app, renter.client),
      EventStreamReader.open(app, renter.client),
      EventStreamReader.open(app, bystander.client),
    ]);
    try {
      await Promise.all(tabs.map((tab) => tab.until((events) => events.length > 0)));
      expect((await suspend(renter.id)).status).toBe(200);
      await Promise.all(tabs.slice(0, 2).map((tab) => tab.until((_events, ended) => ended)));
      // The bystander's stream is still open: a round trip proves the notice was handled.
      await deps.events.sync();
      expect(tabs[2]?.ended).toBe(false);
    } finally {
      await Promise.all(tabs.map((tab) => tab.close()));
    }
  });

  it('refuses sign-in with ACCOUNT_SUSPENDED (a wrong password stays a wrong password)', async () => {
    const landlord = await person(client, 'landlord');
    expect((await suspend(landlord.id)).status).toBe(200);
    const browser = client.fork();
    const refused = await browser.signIn(landlord.email);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: 'ACCOUNT_SUSPENDED',
      message: ERRORS.ACCOUNT_SUSPENDED.message,
    });
    expect(await sessionCount(landlord.id)).toBe(0);
    expect((await browser.get('/api/me')).status).toBe(401);
    const wrong = await browser.signIn(landlord.email, `${TEST_PASSWORD}-not`);
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('INVALID_CREDENTIALS');
  });

  it("refuses a suspended user's session even if one is left (defence in depth)", async () => {
    const renter = await person(client, 'renter');
    // As if a session outlived the suspension: set the column without ending sessions.
    await db.execute(sql`update users set suspended_at = now() where id = ${renter.id}`);
    // A write outside the API reaches the session cache as a NOTIFY (decision 043); wait for it.
    await deps.events.sync();
    expect(await sessionCount(renter.id)).toBe(1);
    expect((await renter.client.get('/api/me')).status).toBe(401);
  });

  it('restore lets them sign in again, and is recorded', async () => {
    const renter = await person(client, 'renter');
    expect((await suspend(renter.id)).status).toBe(200);
    const res = await restore(renter.id);
    expect(res.status).toBe(200);
    expect(AdminUserResponseSchema.parse(await res.json()).user.suspendedAt).toBeNull();
    const browser = client.fork();
    expect((await browser.signIn(renter.email)).status).toBe(200);
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await audits(renter.id)).map((a) => a.action)).toEqual([
      'user.suspend',
      'user.restore',
    ]);
  });

  it('is idempotent: suspending twice (or restoring the unsuspended) changes nothing more', async () => {
    const renter = await person(client, 'renter');
    const first = AdminUserResponseSchema.parse(await (await suspend(renter.id)).json()).user;
    const second = await suspend(renter.id);
    expect(second.status).toBe(200);
    expect(AdminUserResponseSchema.parse(await second.json()).user.suspendedAt).toBe(
      first.suspendedAt,
    );
    expect((await restore(renter.id)).status).toBe(200);
    expect((await restore(renter.id)).status).toBe(200);
    expect((await audits(renter.id)).map((a) => a.action)).toEqual([
      'user.suspend',
      'user.restore',
    ]);
  });

  it('never suspends an admin, themself included (409, nothing changes)', async () => {
    const other = await adminPerson(client, db, 'Other Admin');
    for (const id of [admin.id, other.id]) {
      const res = await suspend(id);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe('CONFLICT');
      expect(await audits(id)).toEqual([]);
    }
    expect((await errorOf(await suspend(admin.id))).message).toBe(
      'You cannot suspend your own account.',
    );
    expect((await errorOf(await suspend(other.id))).message).toBe(
      'An admin account cannot be suspended.',
    );
    expect((await other.client.get('/api/me')).status).toBe(200);
  });

  it('answers unknown and malformed ids with 404 and changes nothing', async () => {
    const before = (await db.execute(sql`select count(*)::int as n from admin_audit_log`)).rows;
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      for (const action of ['suspend', 'restore']) {
        const res = await admin.client.post(`/api/admin/users/${id}/${action}`);
        expect(res.status).toBe(404);
        expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'User not found.' });
      }
    }
    const after = (await db.execute(sql`select count(*)::int as n from admin_audit_log`)).rows;
    expect(after).toEqual(before);
  });

  it('refuses an over-long reason with a 400 and changes nothing', async () => {
    const renter = await person(client, 'renter');
    const res = await suspend(renter.id, { reason: 'x'.repeat(501) });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
    expect((await renter.client.get('/api/me')).status).toBe(200);
    expect(await audits(renter.id)).toEqual([]);
  });
});

describe('users list', () => {
  it('searches name and email in any case, newest first, page by page', async () => {
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await person(client, 'renter', `Quokka Person ${i}`));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const query = `q=qUOKKA&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const res = await admin.client.get(`/api/admin/users?${query}`);
      expect(res.status).toBe(200);
      const page = AdminUsersSchema.parse(await res.json());
      expect(page.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.items.map((u) => u.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(made.map((p) => p.id).reverse());

    const byEmail = AdminUsersSchema.parse(
      await (await admin.client.get(`/api/admin/users?q=${made[2]?.email.toUpperCase()}`)).json(),
    );
    expect(byEmail.items.map((u) => u.id)).toEqual([made[2]?.id]);
    // Wildcards are taken literally.
    const percent = AdminUsersSchema.parse(
      await (await admin.client.get('/api/admin/users?q=%25')).json(),
    );
    expect(percent.items).toEqual([]);
  });

  it('refuses a forged cursor with a 400', async () => {
    const res = await admin.client.get('/api/admin/users?cursor=bm9wZQ');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ code: 'VALIDATION_ERROR', message: 'Invalid cursor.' });
  });
});

describe('overview and audit', () => {
  it('counts what is in the tables', async () => {
    const res = await admin.client.get('/api/admin/overview');
    expect(res.status).toBe(200);
    const overview = AdminOverviewSchema.parse(await res.json());
    const counts = (
      await db.execute<{ total: number; suspended: number; admins: number }>(sql`
        select count(*)::int as total, count(suspended_at)::int as suspended,
          count(*) filter (where user_type = 'admin')::int as admins from users`)
    ).rows[0];
    expect(overview.users.total).toBe(counts?.total);
    expect(overview.users.suspended).toBe(counts?.suspended);
    expect(overview.users.suspended).toBeGreaterThan(0);
    expect(overview.users.admins).toBe(counts?.admins);
    expect(overview.users.renters + overview.users.landlords + overview.users.admins).toBe(
      overview.users.total,
    );
  });

  it('lists the audit log newest first, with the acting admin', async () => {
    const renter = await person(client, 'renter');
    await suspend(renter.id);
    await restore(renter.id);
    const page = AdminAuditSchema.parse(
      await (await admin.client.get('/api/admin/audit?limit=2')).json(),
    );
    expect(page.items.map((e) => e.action)).toEqual(['user.restore', 'user.suspend']);
    expect(page.items[0]?.actor).toEqual({ id: admin.id, name: admin.name, email: admin.email });
    expect(page.items[0]?.targetId).toBe(renter.id);
    expect(page.items[0]?.targetLabel).toBe(`${renter.name} <${renter.email}>`);
    expect(page.nextCursor).toBeDefined();
  });
});
