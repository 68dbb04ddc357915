/**
 * The messaging benchmark's data (bench/messaging.ts), made idempotently so a second run reuses
 * it: users and their sessions, conversations, and the seeded messages.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import type { Database } from '../../src/server/db/client.ts';
import { REPO_ROOT } from '../../src/server/test/server-process.ts';
import { round } from '../lib/stats.ts';
import { type Answer, cookieToken, request, sessionCookie } from './http.ts';
import {
  BUSY_CONVERSATIONS,
  BUSY_EMAIL,
  DATA_DIR,
  DOMAIN,
  MESSAGES,
  PAIRS,
  PASSWORD,
  partnerEmail,
  streamEmail,
} from './options.ts';

/** Runs `work` over `items`, at most `concurrency` at a time. */
export async function inBatches<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        await work(item);
      }
    }),
  );
}

export type BenchUser = { email: string; id: string; cookie: string };
type SeedConversation = {
  id: string;
  a: string;
  b: string;
  n: number;
  unread: number;
  label: string;
};

/**
 * Signs up (first run) or in (session expired or lost) every user who needs a session, through
 * the server; sessions are kept in the data dir for the next run.
 */
async function ensureSessions(
  database: Database,
  base: URL,
  agent: http.Agent,
  wanted: { email: string; name: string; userType: 'renter' | 'landlord' }[],
): Promise<Map<string, BenchUser>> {
  const file = path.join(DATA_DIR, 'sessions.json');
  const saved: Record<string, string> = fs.existsSync(file)
    ? JSON.parse(fs.readFileSync(file, 'utf8'))
    : {};
  const emails = wanted.map((w) => w.email);
  const { rows: existing } = await database.pool.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [emails],
  );
  const ids = new Map(existing.map((row) => [row.email, row.id]));
  const tokens = Object.values(saved).map(cookieToken);
  const { rows: live } = await database.pool.query<{ token: string }>(
    `select token from sessions where token = any($1) and expires_at > now() + interval '1 hour'`,
    [tokens],
  );
  const liveTokens = new Set(live.map((row) => row.token));
  const missing = wanted.filter((w) => {
    const cookie = saved[w.email];
    return !(cookie && ids.has(w.email) && liveTokens.has(cookieToken(cookie)));
  });
  if (missing.length) {
    const started = performance.now();
    let signUps = 0;
    await inBatches(missing, 8, async (w) => {
      let answer: Answer;
      if (ids.has(w.email)) {
        answer = await request(base, agent, 'POST', '/api/auth/sign-in/email', {
          body: { email: w.email, password: PASSWORD },
        });
      } else {
        answer = await request(base, agent, 'POST', '/api/auth/sign-up/email', {
          body: { email: w.email, password: PASSWORD, name: w.name, userType: w.userType },
        });
        signUps += 1;
      }
      if (answer.status !== 200) {
        throw new Error(`auth for ${w.email} answered ${answer.status}: ${answer.text}`);
      }
      saved[w.email] = sessionCookie(answer);
    });
    fs.writeFileSync(file, JSON.stringify(saved), { mode: 0o600 });
    console.log(
      `sessions: ${signUps} signed up, ${missing.length - signUps} signed in, in ${round((performance.now() - started) / 1000, 1)} s`,
    );
  } else {
    console.log(`sessions: all ${wanted.length} reused from ${path.relative(REPO_ROOT, file)}`);
  }
  const { rows } = await database.pool.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [emails],
  );
  return new Map(
    rows.map((row) => [
      row.email,
      { email: row.email, id: row.id, cookie: saved[row.email] as string },
    ]),
  );
}

/** Makes conversations for the given pairs (idempotent); their ids in the same order. */
async function ensureConversations(database: Database, pairs: [string, string][]) {
  await database.pool.query(
    `insert into conversations (participant1_id, participant2_id)
     select least(a, b), greatest(a, b) from unnest($1::uuid[], $2::uuid[]) as t(a, b)
     on conflict (participant1_id, participant2_id) do nothing`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  const { rows } = await database.pool.query<{ id: string; p1: string; p2: string }>(
    `select id, participant1_id as p1, participant2_id as p2 from conversations
     where (participant1_id, participant2_id) in
       (select least(a, b), greatest(a, b) from unnest($1::uuid[], $2::uuid[]) as t(a, b))`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
  const byPair = new Map(rows.map((row) => [`${row.p1}:${row.p2}`, row.id]));
  return pairs.map(([a, b]) => {
    const id = byPair.get(a < b ? `${a}:${b}` : `${b}:${a}`);
    if (!id) throw new Error('conversation missing after insert');
    return id;
  });
}

/**
 * `--messages` seeded messages over the planned conversations. When what is stored differs from
 * the plan (first run, or other options), the messages table is emptied and filled again.
 */
async function ensureMessages(database: Database, plan: SeedConversation[]) {
  const { rows } = await database.pool.query<{ conversation_id: string; n: number }>(
    `select conversation_id, count(*)::int as n from messages
     where idempotency_key like 'seed-%' group by conversation_id`,
  );
  const stored = new Map(rows.map((row) => [row.conversation_id, row.n]));
  const matches = stored.size === plan.length && plan.every((c) => stored.get(c.id) === c.n);
  if (matches) {
    console.log(`messages: ${MESSAGES.toLocaleString('en-US')} seeded messages already present`);
    return 0;
  }
  const started = performance.now();
  // Empty the bench's conversations; the whole table (faster) only when nobody else has data.
  const { rows: others } = await database.pool.query<{ n: number }>(
    `select count(*)::int as n from users where email not like '%@${DOMAIN}'`,
  );
  if (others[0]?.n === 0) await database.pool.query('truncate messages cascade');
  else {
    await database.pool.query('delete from messages where conversation_id = any($1)', [
      plan.map((c) => c.id),
    ]);
  }
  const batches: SeedConversation[][] = [[]];
  let size = 0;
  for (const c of plan) {
    if (size + c.n > 50_000 && (batches.at(-1)?.length ?? 0) > 0) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)?.push(c);
    size += c.n;
  }
  let done = 0;
  for (const batch of batches) {
    // Senders alternate; times spread over the last 180 days; all but the last `unread` read,
    // each read one with its read record (docs/spec.md §3) and receiver_read_at in the same state.
    await database.pool.query(
      `with spec as (
         select * from unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::int[], $5::int[], $6::text[])
           as s(conversation_id, a, b, n, unread, label)
       ), planned as (
         select s.conversation_id, s.label, g,
           case when g % 2 = 1 then s.a else s.b end as sender_id,
           case when g % 2 = 1 then s.b else s.a end as receiver_id,
           now() - interval '1 hour' - (s.n - g) * (interval '180 days' / s.n) as created_at,
           g > s.n - s.unread as unread
         from spec s, generate_series(1, s.n) as g
       ), inserted as (
         insert into messages (conversation_id, sender_id, receiver_id, content, idempotency_key,
           created_at, receiver_read_at)
         select conversation_id, sender_id, receiver_id,
           'Seed message ' || g || ': ' || repeat('is the apartment still available? ', 1 + g % 5),
           'seed-' || label || '-' || g, created_at,
           case when unread then null else created_at + interval '5 minutes' end
         from planned
         returning id, receiver_id, receiver_read_at
       )
       insert into message_read_status (message_id, user_id, read_at)
       select id, receiver_id, receiver_read_at from inserted where receiver_read_at is not null`,
      [
        batch.map((c) => c.id),
        batch.map((c) => c.a),
        batch.map((c) => c.b),
        batch.map((c) => c.n),
        batch.map((c) => c.unread),
        batch.map((c) => c.label),
      ],
    );
    done += batch.reduce((sum, c) => sum + c.n, 0);
    process.stdout.write(`\rmessages: ${done.toLocaleString('en-US')} inserted`);
  }
  // A conversation's updated_at is its last send (docs/spec.md §4).
  await database.pool.query(
    `update conversations c set updated_at = last.at
     from (select conversation_id, max(created_at) as at from messages group by conversation_id) last
     where last.conversation_id = c.id`,
  );
  const ms = performance.now() - started;
  console.log(` in ${round(ms / 1000, 1)} s`);
  return ms;
}

/**
 * The run's data: `--streams` users in renter/landlord pairs with one conversation each and a
 * session each (signed up or in through the server), the busy landlord with
 * `--busy-conversations` renters, and `--messages` seeded messages over the conversations.
 */
export async function prepareData(database: Database, base: URL, apiAgent: http.Agent) {
  const setupStarted = performance.now();
  const wanted = [
    ...Array.from({ length: PAIRS * 2 }, (_, i) => ({
      email: streamEmail(i),
      name: `${i % 2 === 0 ? 'Renter' : 'Landlord'} ${Math.floor(i / 2) + 1}`,
      userType: (i % 2 === 0 ? 'renter' : 'landlord') as 'renter' | 'landlord',
    })),
    { email: BUSY_EMAIL, name: 'Busy Landlord', userType: 'landlord' as const },
  ];
  const users = await ensureSessions(database, base, apiAgent, wanted);
  const user = (email: string) => {
    const found = users.get(email);
    if (!found) throw new Error(`user ${email} missing`);
    return found;
  };
  const busy = user(BUSY_EMAIL);
  // The busy landlord's renters: profiles only (they never sign in), made with SQL.
  const partnerEmails = Array.from({ length: BUSY_CONVERSATIONS }, (_, j) => partnerEmail(j));
  await database.pool.query(
    `insert into users (name, email, user_type)
     select 'Partner ' || (ordinality), email, 'renter' from unnest($1::text[]) with ordinality as t(email)
     on conflict (email) do nothing`,
    [partnerEmails],
  );
  const { rows: partnerRows } = await database.pool.query<{ id: string; email: string }>(
    'select id, email from users where email = any($1)',
    [partnerEmails],
  );
  const partnerIds = new Map(partnerRows.map((row) => [row.email, row.id]));
  const pairUsers = Array.from({ length: PAIRS }, (_, k) => ({
    renter: user(streamEmail(2 * k)),
    landlord: user(streamEmail(2 * k + 1)),
  }));
  const pairConversations = await ensureConversations(
    database,
    pairUsers.map((p) => [p.renter.id, p.landlord.id]),
  );
  const busyConversations = await ensureConversations(
    database,
    partnerEmails.map((email) => [partnerIds.get(email) as string, busy.id]),
  );

  // The plan: a few messages in each busy conversation (about a third end with 1-2 unread),
  // the rest over the pairs' conversations, a tenth of it in pair 1's alone.
  const plan: SeedConversation[] = busyConversations.map((id, j) => ({
    id,
    a: partnerIds.get(partnerEmails[j] as string) as string,
    b: busy.id,
    n: 3 + (j % 10),
    unread: j % 3 === 0 ? 1 + (j % 2) : 0,
    label: `b${j}`,
  }));
  const rest = MESSAGES - plan.reduce((sum, c) => sum + c.n, 0);
  if (rest < PAIRS) throw new Error(`--messages ${MESSAGES} is too few for this layout`);
  const giant = PAIRS > 1 ? Math.floor(rest / 10) : 0;
  const perPair = Math.floor((rest - giant) / PAIRS);
  pairConversations.forEach((id, k) => {
    const pair = pairUsers[k] as (typeof pairUsers)[number];
    const extra = k === 0 ? giant + (rest - giant - perPair * PAIRS) : 0;
    plan.push({
      id,
      a: pair.renter.id,
      b: pair.landlord.id,
      n: perPair + extra,
      unread: 0,
      label: `p${k}`,
    });
  });
  const seedMs = await ensureMessages(database, plan);
  await database.pool.query(
    'vacuum (analyze) messages, message_read_status, conversations, users, sessions, events',
  );
  // Flush what the seeding wrote now, not during the measurement (needs superuser or
  // pg_checkpoint; an external server may refuse, which only costs accuracy).
  await database.pool.query('checkpoint').catch(() => {});
  const { rows: totals } = await database.pool.query<{ n: number }>(
    'select count(*)::int as n from messages',
  );
  const totalMessages = totals[0]?.n ?? 0;
  console.log(
    `setup: ${totalMessages.toLocaleString('en-US')} messages, ${PAIRS} pairs, busy user with ` +
      `${BUSY_CONVERSATIONS} conversations, in ${round((performance.now() - setupStarted) / 1000, 1)} s`,
  );
  return { busy, pairUsers, pairConversations, totalMessages, seedMs };
}
