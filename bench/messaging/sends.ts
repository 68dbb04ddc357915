/**
 * The messaging benchmark's sends (bench/messaging.ts): `--rate` messages a second for
 * `--duration` seconds on a timer (open loop), round-robin over the pairs, each timed from just
 * before its POST until the receiver's stream delivers it; meanwhile what PostgreSQL's sessions
 * are doing is sampled. Returns the figures of the phase.
 */
import type http from 'node:http';
import os from 'node:os';
import type { Database } from '../../src/server/db/client.ts';
import { sleep } from '../../src/server/test/server-process.ts';
import { cpuDelta, loadAverage, postgresCpu, rssKb } from '../lib/proc.ts';
import { cpuMs, round, summary } from '../lib/stats.ts';
import { request } from './http.ts';
import { DURATION_S, LOST_AFTER_MS, PAIRS, RATE } from './options.ts';
import type { BenchUser } from './setup.ts';
import type { Delivery, LiveStreams } from './streams.ts';

export async function runSends({
  database,
  base,
  apiAgent,
  pairUsers,
  pairConversations,
  live,
  serverPid,
  postmasterPid,
}: {
  database: Database;
  base: URL;
  apiAgent: http.Agent;
  pairUsers: { renter: BenchUser; landlord: BenchUser }[];
  pairConversations: string[];
  live: LiveStreams;
  serverPid: number;
  /** PostgreSQL's postmaster when the bench started it; its CPU is then measured. */
  postmasterPid: number | undefined;
}) {
  const { deliveries, runId, streams } = live;
  const total = Math.round(RATE * DURATION_S);
  const interval = 1000 / RATE;
  const loadBeforeSends = loadAverage();
  const serverCpuBefore = cpuMs(serverPid);
  const pgCpuBefore = postgresCpu(postmasterPid);
  const benchCpuBefore = process.cpuUsage();
  // What the server's PostgreSQL sessions are doing during the sends, sampled every 100 ms:
  // running (CPU), waiting on a lock, on I/O, or idle in a transaction (waiting for Node).
  const waits = new Map<string, number>();
  let waitSamples = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await database.pool.query<{ what: string; n: number }>(
        `select state || coalesce(' ' || wait_event_type || ':' || wait_event, ' (running)') as what,
           count(*)::int as n
         from pg_stat_activity
         where backend_type = 'client backend' and state <> 'idle'
           and pid <> pg_backend_pid() and datname = current_database()
         group by 1`,
      );
      waitSamples += 1;
      for (const row of rows) waits.set(row.what, (waits.get(row.what) ?? 0) + row.n);
      await sleep(100);
    }
  })();
  const inFlight: Promise<void>[] = [];
  const send = async (i: number, due: number) => {
    const k = i % PAIRS;
    const pair = pairUsers[k] as (typeof pairUsers)[number];
    const fromRenter = Math.floor(i / PAIRS) % 2 === 0;
    const sender = fromRenter ? pair.renter : pair.landlord;
    const delivery: Delivery = { due, started: performance.now(), duplicates: 0 };
    deliveries[i] = delivery;
    sendsInFlight += 1;
    const slot = Math.floor((due - sendStarted) / 10_000);
    maxInFlight[slot] = Math.max(maxInFlight[slot] ?? 0, sendsInFlight);
    try {
      const answer = await request(
        base,
        apiAgent,
        'POST',
        `/api/conversations/${pairConversations[k]}/messages`,
        {
          cookie: sender.cookie,
          body: {
            content: `bench ${runId} ${i} Hi, is the apartment on the third floor still available?`,
            idempotencyKey: `send-${runId}-${i}`,
          },
        },
      );
      delivery.answered = performance.now();
      delivery.status = answer.status;
      if (answer.status === 201) {
        delivery.messageId = (JSON.parse(answer.text) as { message: { id: string } }).message.id;
      } else delivery.error = answer.text.slice(0, 300);
    } catch (error) {
      delivery.answered = performance.now();
      delivery.error = (error as Error).message;
    } finally {
      sendsInFlight -= 1;
    }
  };
  // Sends waiting for their answer (a queue building up), and the machine's load, per 10 s.
  let sendsInFlight = 0;
  const maxInFlight: number[] = [];
  const windowLoad: number[] = [];
  const loadTimer = setInterval(() => windowLoad.push(round(os.loadavg()[0] ?? 0, 1)), 10_000);
  const sendStarted = performance.now();
  for (let i = 0; i < total; i += 1) {
    const due = sendStarted + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    inFlight.push(send(i, due));
  }
  await Promise.all(inFlight);
  clearInterval(loadTimer);
  const sendWindowMs = performance.now() - sendStarted;
  // Whatever is still on its way: up to LOST_AFTER_MS after the last send started.
  const lastStart = deliveries.at(-1)?.started ?? performance.now();
  while (
    performance.now() < lastStart + LOST_AFTER_MS &&
    deliveries.some((d) => d.status === 201 && d.received === undefined)
  ) {
    await sleep(50);
  }
  sampling = false;
  await sampler;
  const pgSessions = Object.fromEntries(
    [...waits.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([what, n]) => [what, round(n / Math.max(1, waitSamples), 2)]),
  );
  const serverCpuMs = cpuMs(serverPid) - serverCpuBefore;
  const pgCpuMs = cpuDelta(pgCpuBefore, postgresCpu(postmasterPid));
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const rssAfterSendsKb = rssKb(serverPid);

  const sendTimes = deliveries.map((d) => (d.answered ?? d.started) - d.started);
  const delivered = deliveries.filter(
    (d) => d.received !== undefined && d.received - d.started <= LOST_AFTER_MS,
  );
  const deliveryTimes = delivered.map((d) => (d.received as number) - d.started);
  // Per 10 s of the send phase: a stall shows as one bad window, a slow server as all of them.
  const deliveryWindows = Array.from({ length: Math.ceil(DURATION_S / 10) }, (_, w) => {
    const inWindow = deliveries.filter(
      (d) => d.due - sendStarted >= w * 10_000 && d.due - sendStarted < (w + 1) * 10_000,
    );
    const times = inWindow
      .filter((d) => d.received !== undefined)
      .map((d) => (d.received as number) - d.started);
    const s = summary(times);
    return {
      fromS: w * 10,
      p50: s.p50,
      p99: s.p99,
      max: s.max,
      lost: inWindow.filter(
        (d) => d.received === undefined || d.received - d.started > LOST_AFTER_MS,
      ).length,
      maxSendsInFlight: maxInFlight[w] ?? 0,
      load1AtEnd: windowLoad[w] ?? null,
    };
  });
  const sendSummary = summary(sendTimes);
  const deliverySummary = summary(deliveryTimes);
  const sendErrors = deliveries.filter((d) => d.status !== 201);
  const lost = deliveries.length - delivered.length;
  const echoMissing = deliveries.filter((d) => d.status === 201 && d.echoed === undefined).length;
  const idMismatches = deliveries.filter(
    (d) => d.receivedId !== undefined && d.messageId !== undefined && d.receivedId !== d.messageId,
  ).length;
  const duplicates = deliveries.reduce((sum, d) => sum + d.duplicates, 0);
  const outOfOrder = streams.reduce((sum, s) => sum + s.outOfOrder, 0);
  const beforeAnswer = delivered.filter(
    (d) => d.answered !== undefined && (d.received as number) < d.answered,
  ).length;
  const scheduleLag = summary(deliveries.map((d) => d.started - d.due));
  const achievedRate = round(
    total / (((deliveries.at(-1)?.started ?? 0) - sendStarted) / 1000 || 1),
    1,
  );
  const cpuPercent = (ms: number) => round((ms / sendWindowMs) * 100, 0);
  console.log(
    `sends: ${total} at ${achievedRate}/s over ${round(sendWindowMs / 1000, 1)} s; ` +
      `server CPU ${cpuPercent(serverCpuMs)}% of a core, postgres ${cpuPercent(pgCpuMs)}%, ` +
      `bench ${cpuPercent((benchCpu.user + benchCpu.system) / 1000)}%`,
  );
  console.log(
    `  postgres sessions during sends (average count): ${Object.entries(pgSessions)
      .map(([what, n]) => `${what} ${n}`)
      .join(', ')}`,
  );
  for (const d of sendErrors.slice(0, 5)) {
    console.log(`  send failed: ${d.status ?? 'no answer'} ${d.error ?? ''}`);
  }
  return {
    total,
    loadBeforeSends,
    sendWindowMs,
    pgSessions,
    serverCpuMs,
    pgCpuMs,
    benchCpu,
    rssAfterSendsKb,
    deliveryWindows,
    sendSummary,
    deliverySummary,
    sendErrors,
    lost,
    echoMissing,
    idMismatches,
    duplicates,
    outOfOrder,
    beforeAnswer,
    scheduleLag,
    achievedRate,
    cpuPercent,
  };
}
