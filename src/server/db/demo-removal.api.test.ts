import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { createLogger } from '../lib/logger.ts';
import { buildDeps, prepareDatabase } from '../runtime.ts';
import { DEMO_PASSWORD, seedDemoData } from '../seed/seed.ts';
import { person } from '../test/messaging-fixtures.ts';
import { ApiClient, createTestApp, createTestDatabase, TEST_BASE_URL } from '../test/test-app.ts';
import { removeDemoData } from './demo-removal.ts';

/** A logger whose JSON lines a test can read. */
function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger('info', sink), lines };
}

const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `prepareDatabase` as `npm start` runs it, on a database of this file. */
async function startAs(url: string, extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stoop-prod-start-'));
  dataDirs.push(dataDir);
  const env = parseEnv({
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    BASE_URL: TEST_BASE_URL,
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...extra,
  });
  const { logger, lines } = capturedLogger();
  const { opened, storage } = await prepareDatabase(env, logger);
  return { env, logger, lines, opened, storage };
}

describe('a production start', () => {
  it('seeds nothing on an empty database, and the demo admin cannot sign in', async () => {
    const { url } = await createTestDatabase();
    const started = await startAs(url, { NODE_ENV: 'production' });
    try {
      const users = await started.opened.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from users`,
      );
      expect(users.rows[0]?.n).toBe(0);
      const deps = buildDeps(started.env, started.logger, started.opened.database, {
        storage: started.storage,
      });
      const client = new ApiClient(createApp({ ...deps, webRoot: undefined }));
      const res = await client.signIn('admin@stoop.test', DEMO_PASSWORD);
      expect(res.status).toBe(401);
      expect(started.lines.some((l) => /demo data loaded/.test(l.msg))).toBe(false);
      await deps.events.close();
    } finally {
      await started.opened.close();
    }
  });

  it('logs an error naming the removal command while demo accounts remain', async () => {
    const { url } = await createTestDatabase();
    const setup = await startAs(url, { NODE_ENV: 'production' });
    await seedDemoData(setup.opened.database.db); // accounts only, as an old seed left them
    await setup.opened.close();

    const production = await startAs(url, { NODE_ENV: 'production' });
    await production.opened.close();
    const errors = production.lines.filter((l) => l.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toMatch(/9 demo accounts .*npm run db:remove-demo/);

    const development = await startAs(url, { NODE_ENV: 'development' });
    await development.opened.close();
    expect(development.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('warns at start about each development convenience turned on explicitly', async () => {
    const { url } = await createTestDatabase();
    const quiet = await startAs(url, { NODE_ENV: 'production' });
    await quiet.opened.close();
    expect(quiet.lines.filter((l) => l.level === 40)).toEqual([]);

    // A user already there, so the explicit seed setting does not load 2,000 listings here.
    const db = (await startAs(url, { NODE_ENV: 'development', SEED_DEMO_DATA: 'false' })).opened;
    await db.database.db.execute(
      sql`insert into users (id, email, name, user_type) values (gen_random_uuid(), 'op@example.com', 'Op', 'admin')`,
    );
    await db.close();
    const loud = await startAs(url, {
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      BILLING_TEST_MODE: 'true',
    });
    await loud.opened.close();
    const warnings = loud.lines.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings).toEqual([
      expect.stringMatching(/^SEED_DEMO_DATA=true in production/),
      expect.stringMatching(/^BILLING_TEST_MODE=true in production/),
    ]);
  });
});

describe('npm run db:remove-demo', () => {
  it('deletes every demo account and its data in one go, and nobody else', async () => {
    const { db, deps, client } = await createTestApp();
    await seedDemoData(db, {
      storage: deps.storage,
      listings: 60,
      photoCacheDir: deps.env.SEED_PHOTO_CACHE_DIR,
    });
    const count = async (query: ReturnType<typeof sql>) =>
      (await db.execute<{ n: number }>(query)).rows[0]?.n ?? 0;
    const photoKey = (
      await db.execute<{ key: string; widths: number[] }>(
        sql`select storage_key as key, widths from listing_photos limit 1`,
      )
    ).rows[0];
    expect(photoKey).toBeDefined();
    const firstFile = `${photoKey?.key}-${photoKey?.widths[0]}.webp`;
    expect(await deps.storage.exists(firstFile)).toBe(true);

    // Someone real wrote to a demo landlord about a demo listing.
    const renter = await person(client, 'renter');
    await db.execute(
      sql`update users set email = 'real.renter@example.com' where id = ${renter.id}`,
    );
    const landlordId = (
      await db.execute<{ id: string }>(
        sql`select id from users where email = 'landlord@stoop.test'`,
      )
    ).rows[0]?.id;
    const listingId = (
      await db.execute<{ id: string }>(
        sql`select id from listings where landlord_id = ${landlordId} and status = 'active' limit 1`,
      )
    ).rows[0]?.id;
    const opened = await renter.client.post('/api/conversations', {
      participantId: landlordId,
      listingId,
    });
    expect([200, 201]).toContain(opened.status);
    expect(await count(sql`select count(*)::int as n from tours`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from notes`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*)::int as n from applications`)).toBeGreaterThan(0);
    const documentKey = (
      await db.execute<{ key: string }>(
        sql`select storage_key as key from renter_documents limit 1`,
      )
    ).rows[0]?.key;
    if (!documentKey) throw new Error('the demo renters have documents');
    expect(await deps.storage.exists(documentKey)).toBe(true);

    const demoAccounts = await count(
      sql`select count(*)::int as n from users where email like '%@stoop.test'`,
    );
    expect(demoAccounts).toBeGreaterThanOrEqual(9); // the README's nine, and the tours' renters
    const removed = await removeDemoData(db, deps.storage);
    expect(removed.accounts).toBe(demoAccounts);
    expect(removed.listings).toBeGreaterThanOrEqual(60);
    expect(removed.photoFiles).toBeGreaterThan(0);
    expect(removed.documentFiles).toBeGreaterThan(0);

    expect(
      await count(sql`select count(*)::int as n from users where email like '%@stoop.test'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from listings`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from listing_photos`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from conversations`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from tours`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from notes`)).toBe(0);
    for (const table of ['applications', 'renter_profiles', 'renter_documents']) {
      expect(await count(sql`select count(*)::int as n from ${sql.identifier(table)}`)).toBe(0);
    }
    expect(await deps.storage.exists(documentKey)).toBe(false);
    expect(
      await count(
        sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email like '%@stoop.test'`,
      ),
    ).toBe(0);
    expect(await deps.storage.exists(firstFile)).toBe(false);
    // The real renter is still there, signed in.
    expect((await renter.client.get('/api/me')).status).toBe(200);
    expect((await client.fork().signIn('landlord@stoop.test', DEMO_PASSWORD)).status).toBe(401);

    expect(await removeDemoData(db, deps.storage)).toEqual({
      accounts: 0,
      listings: 0,
      photoFiles: 0,
      documentFiles: 0,
    });
  });
});
