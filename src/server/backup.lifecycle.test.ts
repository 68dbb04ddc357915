import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { extract } from 'tar';
import { describe, expect, it } from 'vitest';
import type { BackupManifest } from './db/backup/backup-format.ts';
import { debianClusterForDescribe, lifecycleDataDirs } from './test/lifecycle-dirs.ts';
import { completeFields, testJpeg } from './test/listing-fixtures.ts';
import { type LiveUser, liveApi, openConversation, runCli, signUp } from './test/live-api.ts';
import {
  type ServerProcess,
  signIn,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
} from './test/server-process.ts';

/**
 * Issue 17, "Faults": `npm run db:backup` while the server serves, `npm run db:restore` once it
 * is stopped, round-tripping users, listings, messages and photo bytes; and a backup taken
 * under concurrent writes is one consistent snapshot (decision 040).
 */

const SERVER_ENV = { SEED_DEMO_DATA: 'false', MESSAGE_SEND_LIMIT_PER_MINUTE: '100000' };

const dirs = lifecycleDataDirs('stoop-backup-');
const { newDataDir } = dirs;

async function startServer(dataDir: string): Promise<ServerProcess> {
  const server = await spawnServer({ dataDir, env: SERVER_ENV });
  await waitHealthy(server, { timeoutMs: 90_000 });
  return server;
}

async function send(baseUrl: string, user: LiveUser, conversationId: string, content: string) {
  const res = await liveApi(baseUrl, user.cookie).send(
    'POST',
    `/api/conversations/${conversationId}/messages`,
    { content, idempotencyKey: randomUUID() },
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { message: { id: string } }).message.id;
}

/** Messages sent in a loop until stopped, several senders at once; counts the acknowledged. */
function startSending(baseUrl: string, pairs: { user: LiveUser; conversationId: string }[]) {
  let stopped = false;
  let acked = 0;
  const loops = pairs.map(async ({ user, conversationId }, i) => {
    for (let n = 0; !stopped; n++) {
      const res = await liveApi(baseUrl, user.cookie)
        .send('POST', `/api/conversations/${conversationId}/messages`, {
          content: `load ${i}-${n}`,
          idempotencyKey: `load-${i}-${n}`,
        })
        .catch(() => undefined);
      await res?.arrayBuffer();
      if (res?.status === 201) acked++;
    }
  });
  return {
    acked: () => acked,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function backUp(dataDir: string): Promise<string> {
  const result = await runCli('db-backup.ts', [], { DATA_DIR: dataDir });
  expect(result.code, result.stderr).toBe(0);
  const file = result.stdout.trim().split('\n').at(-1) ?? '';
  expect(file.startsWith(path.join(dataDir, 'backups', 'stoop-'))).toBe(true);
  expect(fs.statSync(file).size).toBeGreaterThan(0);
  // The archive holds every password hash and message: its owner's alone (issue 26).
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  return file;
}

describe('npm run db:backup and db:restore', () => {
  it('round-trips users, listings, messages and photo bytes; backs up while serving, restores only when stopped', async () => {
    const dataDir = newDataDir('round-trip');
    let server = await startServer(dataDir);
    const base = server.baseUrl;
    const landlord = await signUp(base, 'landlord', 'Lena Landlord');
    const renter = await signUp(base, 'renter', 'Rita Renter');
    const asLandlord = liveApi(base, landlord.cookie);

    const draft = await asLandlord.send('POST', '/api/listings', { title: 'Backed-up 1BR' });
    expect(draft.status).toBe(201);
    const listingId = ((await draft.json()) as { listing: { id: string } }).listing.id;
    expect(
      (await asLandlord.send('PATCH', `/api/listings/${listingId}`, completeFields())).status,
    ).toBe(200);
    // Two photos: an active listing keeps at least one, and the second is deleted later.
    const photos: { id: string; url: string; bytes: Buffer }[] = [];
    for (const width of [640, 800]) {
      const form = new FormData();
      const jpeg = await testJpeg({ width });
      form.append('photo', new File([new Uint8Array(jpeg)], 'p.jpg', { type: 'image/jpeg' }));
      const upload = await asLandlord.send('POST', `/api/listings/${listingId}/photos`, form);
      expect(upload.status, await upload.clone().text()).toBe(201);
      const { photo } = (await upload.json()) as { photo: { id: string; url: string } };
      const served = await fetch(`${base}${photo.url}`);
      expect(served.status).toBe(200);
      photos.push({ ...photo, bytes: Buffer.from(await served.arrayBuffer()) });
    }
    const [kept, deleted] = photos as [(typeof photos)[0], (typeof photos)[0]];
    const published = await asLandlord.send('PATCH', `/api/listings/${listingId}`, {
      status: 'active',
    });
    expect(published.status).toBe(200);

    const conversationId = await openConversation(base, renter, landlord);
    const sentIds = [
      await send(base, renter, conversationId, 'Is the 1BR still available?'),
      await send(base, landlord, conversationId, 'Yes, come by on Saturday.'),
    ];

    // The backup runs while the server is serving writes.
    const load = startSending(base, [{ user: renter, conversationId }]);
    await waitFor(() => load.acked() >= 5, 30_000);
    const file = await backUp(dataDir);
    await load.stop();

    // Changes after the backup: a rename, the photo deleted, a message, a new account.
    expect(
      (await liveApi(base, renter.cookie).send('PATCH', '/api/me', { name: 'Changed Name' }))
        .status,
    ).toBe(200);
    const removed = await asLandlord.send(
      'DELETE',
      `/api/listings/${listingId}/photos/${deleted.id}`,
    );
    expect(removed.status).toBe(200);
    expect((await fetch(`${base}${deleted.url}`)).status).toBe(404);
    await send(base, renter, conversationId, 'after the backup');
    const late = await signUp(base, 'renter', 'Late Renter');

    // A running server's database is never replaced.
    const refused = await runCli('db-restore.ts', [file], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Stop it first');

    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
    const restored = await runCli('db-restore.ts', [file], { DATA_DIR: dataDir });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toContain('Restored embedded PostgreSQL');

    server = await startServer(dataDir);
    const again = server.baseUrl;
    const renterCookie = await signIn(again, renter.email, renter.password);
    const me = await liveApi(again, renterCookie).get('/api/me');
    expect(((await me.json()) as { user: { name: string } }).user.name).toBe('Rita Renter');
    // The account made after the backup is gone.
    await expect(signIn(again, late.email, late.password)).rejects.toThrow(/sign-in failed/);

    const listing = await liveApi(again).get(`/api/listings/${listingId}`);
    expect(listing.status).toBe(200);
    const body = (await listing.json()) as {
      listing: { status: string; photos: { id: string }[] };
    };
    expect(body.listing.status).toBe('active');
    expect(body.listing.photos.map((p) => p.id)).toEqual([kept.id, deleted.id]);
    for (const photo of photos) {
      const served = await fetch(`${again}${photo.url}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(photo.bytes)).toBe(true);
    }

    const messages = await allMessages(again, renterCookie, conversationId);
    const contents = messages.map((m) => m.content);
    expect(contents).toContain('Is the 1BR still available?');
    expect(contents).toContain('Yes, come by on Saturday.');
    expect(contents).not.toContain('after the backup');
    for (const id of sentIds) expect(messages.some((m) => m.id === id)).toBe(true);
    // A restored sequence never hands out a number again: a new message sends.
    await send(again, { ...renter, cookie: renterCookie }, conversationId, 'after the restore');
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
  });

  it('a backup taken during concurrent writes is one snapshot: every reference and counter holds', async () => {
    const dataDir = newDataDir('concurrent');
    const server = await startServer(dataDir);
    const base = server.baseUrl;
    const landlords = [await signUp(base, 'landlord'), await signUp(base, 'landlord')];
    const renters = [await signUp(base, 'renter'), await signUp(base, 'renter')];
    const pairs = [];
    for (const renter of renters) {
      for (const landlord of landlords) {
        pairs.push({
          user: renter,
          conversationId: await openConversation(base, renter, landlord),
        });
        pairs.push({ user: landlord, conversationId: pairs.at(-1)?.conversationId as string });
      }
    }
    const load = startSending(base, pairs);
    await waitFor(() => load.acked() >= 20, 30_000);
    const before = load.acked();
    const file = await backUp(dataDir);
    const during = load.acked() - before;
    await load.stop();
    expect(await stopServer(server)).toEqual({ code: 0, signal: null });
    console.info(`backup under load: ${during} messages acknowledged while it ran`);

    const dir = path.join(dirs.root(), 'unpacked');
    fs.mkdirSync(dir);
    await extract({ file, cwd: dir, strict: true });
    const manifest = JSON.parse(
      fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'),
    ) as BackupManifest;
    const rows = (name: string) => readCopy(dir, manifest, name);

    const conversations = new Map(rows('conversations').map((c) => [c.id, c]));
    const messages = rows('messages');
    expect(messages.length).toBeGreaterThanOrEqual(20);
    const latest = new Map<string, string>();
    for (const m of messages) {
      expect(conversations.has(m.conversation_id as string)).toBe(true);
      const at = sortable(m.created_at as string);
      const conversation = m.conversation_id as string;
      if (at > (latest.get(conversation) ?? '')) latest.set(conversation, at);
    }
    // A send sets its conversation's updated_at in the same transaction as the message.
    for (const [id, at] of latest) {
      expect(sortable(conversations.get(id)?.updated_at as string)).toBe(at);
    }
    // Events are numbered from each user's counter in the same transaction.
    const maxEvent = new Map<string, number>();
    for (const e of rows('events')) {
      const user = e.user_id as string;
      maxEvent.set(user, Math.max(maxEvent.get(user) ?? 0, Number(e.id)));
    }
    const counters = rows('user_event_counters');
    expect(maxEvent.size).toBeGreaterThan(0);
    for (const [user, max] of maxEvent) {
      expect(Number(counters.find((c) => c.user_id === user)?.last_event_id)).toBe(max);
    }
  });
});

describe("npm run db:backup and db:restore on Debian's PostgreSQL (DATABASE_URL)", () => {
  const cluster = debianClusterForDescribe();

  it('restores the database as it was at the backup; refuses while another client is connected', async () => {
    const { url } = cluster();
    const env = { DATABASE_URL: url, DATA_DIR: newDataDir('external') };
    const admin = (email: string) =>
      runCli('create-admin.ts', [email, '--password', 'backup-pass-1234'], env);
    expect((await runCli('db-migrate.ts', [], env)).code).toBe(0);
    expect((await admin('first@stoop.test')).code).toBe(0);
    const backup = await runCli('db-backup.ts', [], env);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain('Backed up the server at DATABASE_URL');
    const file = backup.stdout.trim().split('\n').at(-1) as string;
    expect((await admin('second@stoop.test')).code).toBe(0);

    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const refused = await runCli('db-restore.ts', [file], env);
    await other.end();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('1 other connection is open to the database');

    const restored = await runCli('db-restore.ts', [file], env);
    expect(restored.code, restored.stderr).toBe(0);
    const check = new pg.Client({ connectionString: url });
    await check.connect();
    const users = await check.query<{ email: string }>('select email from users order by email');
    await check.end();
    expect(users.rows.map((u) => u.email)).toEqual(['first@stoop.test']);
  });
});

/** Every message of a conversation, newest first, page by page. */
async function allMessages(baseUrl: string, cookie: string, conversationId: string) {
  const all: { id: string; content: string }[] = [];
  let before: string | null = null;
  do {
    const res = await liveApi(baseUrl, cookie).get(
      `/api/conversations/${conversationId}/messages?limit=100${before ? `&before=${before}` : ''}`,
    );
    expect(res.status).toBe(200);
    const page = (await res.json()) as {
      items: { id: string; content: string }[];
      nextCursor: string | null;
    };
    all.push(...page.items);
    before = page.nextCursor;
  } while (before);
  return all;
}

/** A table's rows from the archive (COPY text format; no value here needs unescaping). */
function readCopy(dir: string, manifest: BackupManifest, name: string) {
  const table = manifest.tables.find((t) => t.schema === 'public' && t.name === name);
  if (!table) throw new Error(`no table ${name} in the backup`);
  const text = fs.readFileSync(path.join(dir, table.file), 'utf8');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const values = line.split('\t');
      return Object.fromEntries(
        table.columns.map((c, i) => [c, values[i] === '\\N' ? null : values[i]]),
      );
    });
}

/** `2026-11-25 03:46:01.4+00` with its fraction padded to 6 digits: compares as text. */
function sortable(timestamp: string): string {
  const match = /^(\S+ \d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(timestamp);
  if (!match) throw new Error(`not a timestamp: ${timestamp}`);
  return `${match[1]}.${(match[2] ?? '').padEnd(6, '0')}${match[3]}`;
}
