import path from 'node:path';
import pg from 'pg';
import { runningEmbeddedUrl } from '../db/backup/maintenance-connection.ts';
import { completeFields, testJpeg } from './listing-data.ts';
import { liveApi, openConversation, signUp } from './live-api.ts';
import {
  isAlive,
  killEverything,
  postmasterPid,
  sleep,
  spawnServer,
  stopServer,
  waitFor,
  waitHealthy,
} from './server-process.ts';

/**
 * The crash drill of issue 17 ("Faults"), shared by bench/crash.ts and the lifecycle test: a
 * client sends messages with unique content at a steady rate through a real server process on
 * the embedded PostgreSQL while the API process and then the postmaster are killed with -9. The
 * drill restarts what died as a supervisor would (the API: spawned again on the same port; the
 * postmaster: the API restarts it itself). Every send that got no answer is retried with the
 * same idempotency key, so a retry of a send that did commit returns that message instead of a
 * second one (decision 040). At the end the database must hold every acknowledged send exactly
 * once.
 */

export type CrashDrillOptions = {
  /** DATA_DIR of the server (made and removed by the caller). */
  dataDir: string;
  apiKills: number;
  pgKills: number;
  /** Sends per second, over all senders. */
  rate: number;
  /**
   * Renter-landlord pairs sending at once, each in its own conversation: a send locks its
   * conversation's row and both users' event counters, so one pair's sends run one at a time
   * (default 10, as ten people typing, not one script typing 50 a second).
   */
  senders?: number;
  /** Requests one sender has open at once (default CONNECTIONS_PER_SENDER; 0: no cap). */
  connectionsPerSender?: number;
  /** Steady sending after each recovery before the next kill. */
  settleMs: number;
  /** How long a send is retried once the drill stops starting new ones. */
  drainMs?: number;
  log?: (line: string) => void;
};

export type KillFigure = {
  kind: 'api' | 'postgres';
  /** From the kill to the first acknowledged send that was first tried after it. */
  recoverySeconds: number;
  /** API kills: from the kill to the new process answering /api/health with 200. */
  healthySeconds?: number;
  /** Postgres kills: the API process died too (it must not). */
  apiExited?: boolean;
};

export type CrashDrillResult = {
  sent: number;
  acknowledged: number;
  /** Acknowledged, not in the database. */
  lost: number;
  /** Contents stored more than once. */
  duplicated: number;
  /** Still unanswered when the drill ended (retried until then). */
  unacknowledged: number;
  /** Refused with a 4xx (never retried). */
  rejected: number;
  /** Acknowledged with another id than the stored row's. */
  mismatchedIds: number;
  retries: number;
  kills: KillFigure[];
  /** A welcome mail (a background job) was delivered for a sign-up after the last kill. */
  jobsRunAfterKills: boolean;
  /** A listing published after the last kill led the newest-first search within 60 s. */
  searchCurrentAfterKills: boolean;
  /** The final SIGTERM stopped the server with exit code 0 and no postgres left behind. */
  cleanStop: boolean;
  /** How the final SIGTERM ended, and the server's last log lines when it was not clean. */
  stop: { code: number | null; signal: string | null; postgresLeft: boolean; log?: string };
  durationSeconds: number;
};

const SERVER_ENV = {
  NODE_ENV: 'production',
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  MESSAGE_SEND_LIMIT_PER_MINUTE: '100000',
  // Every sender and the after-kill check sign up from this one address.
  AUTH_IP_RATE_LIMITS: 'false',
};

/**
 * Requests one sender has open at once: a browser's connections per host (HTTP/1.1). Without a
 * cap, an outage's backlog and its retries reach the server as one wave that keeps it saturated
 * long after the database is back (measured: two minutes of pool timeouts after a postmaster
 * kill on a loaded 2-core machine); with it, the backlog waits in the client, as in a browser.
 */
export const CONNECTIONS_PER_SENDER = 6;

type Pair = { cookie: string; conversationId: string };
type Slots = { busy: number; waiting: (() => void)[] };

/** The sending client: a steady rate, every unanswered send retried with its own key. */
class Sender {
  readonly acked = new Map<string, { id: string; firstTriedAt: number; ackedAt: number }>();
  readonly rejected = new Map<string, number>();
  readonly open = new Set<string>();
  retries = 0;
  sent = 0;
  private timer: NodeJS.Timeout | undefined;
  private deadline = Number.POSITIVE_INFINITY;
  private readonly tasks = new Set<Promise<void>>();
  private readonly slots = new Map<Pair, Slots>();

  constructor(
    private readonly baseUrl: string,
    private readonly pairs: Pair[],
    private readonly runId: string,
    private readonly connections: number,
  ) {
    for (const pair of pairs) this.slots.set(pair, { busy: 0, waiting: [] });
  }

  start(rate: number) {
    const began = performance.now();
    this.timer = setInterval(() => {
      // Catch up on ticks a busy event loop delayed: the rate holds on average.
      const due = Math.floor(((performance.now() - began) * rate) / 1000);
      while (this.sent < due) this.fire();
    }, 10);
  }

  /** Stops starting sends; retries the open ones for up to `drainMs`. */
  async stop(drainMs: number) {
    clearInterval(this.timer);
    this.deadline = performance.now() + drainMs;
    await Promise.all([...this.tasks]);
  }

  /** When the first send tried after `since` was acknowledged, if one was. */
  firstAckAfter(since: number): number | undefined {
    let first: number | undefined;
    for (const ack of this.acked.values()) {
      if (ack.firstTriedAt > since && (first === undefined || ack.ackedAt < first)) {
        first = ack.ackedAt;
      }
    }
    return first;
  }

  private fire() {
    this.sent += 1;
    const content = `crash ${this.runId} ${this.sent}`;
    const key = `crash-${this.runId}-${this.sent}`;
    this.open.add(content);
    const pair = this.pairs[this.sent % this.pairs.length] as Pair;
    const task = this.deliver(pair, content, key).finally(() => this.tasks.delete(task));
    this.tasks.add(task);
  }

  private async acquire(pair: Pair): Promise<Slots> {
    const slots = this.slots.get(pair) as Slots;
    if (this.connections <= 0 || slots.busy < this.connections) slots.busy += 1;
    else await new Promise<void>((resolve) => slots.waiting.push(resolve)); // handed over
    return slots;
  }

  private release(slots: Slots) {
    const next = slots.waiting.shift();
    if (next) next();
    else slots.busy -= 1;
  }

  private async deliver(pair: Pair, content: string, idempotencyKey: string) {
    let firstTriedAt: number | undefined;
    let delay = 100;
    const api = liveApi(this.baseUrl, pair.cookie, 10_000);
    for (let attempt = 0; performance.now() < this.deadline; attempt++) {
      if (attempt > 0) this.retries += 1;
      const slots = await this.acquire(pair);
      if (performance.now() >= this.deadline) {
        this.release(slots);
        break;
      }
      firstTriedAt ??= performance.now();
      try {
        const res = await api.send('POST', `/api/conversations/${pair.conversationId}/messages`, {
          content,
          idempotencyKey,
        });
        if (res.status === 201 || res.status === 200) {
          const { message } = (await res.json()) as { message: { id: string } };
          this.acked.set(content, { id: message.id, firstTriedAt, ackedAt: performance.now() });
          this.release(slots);
          this.open.delete(content);
          return;
        }
        await res.arrayBuffer();
        // A 4xx other than "too many" or "timed out" would say the same again.
        if (res.status < 500 && res.status !== 429 && res.status !== 408) {
          this.rejected.set(content, res.status);
          this.open.delete(content);
          this.release(slots);
          return;
        }
      } catch {
        // No answer (connection refused or reset, timeout): the send may or may not have committed.
      }
      this.release(slots);
      // Backoff with jitter: retries of a whole outage's sends must not arrive as one wave.
      await sleep(delay * (0.5 + Math.random()));
      delay = Math.min(delay * 2, 2_000);
    }
  }
}

export async function runCrashDrill(options: CrashDrillOptions): Promise<CrashDrillResult> {
  const log = options.log ?? (() => {});
  const began = performance.now();
  const dataDir = options.dataDir;
  const pgDir = path.join(dataDir, 'pg');
  let server = await spawnServer({ dataDir, env: SERVER_ENV });
  const port = server.port;
  let sender: Sender | undefined;
  try {
    await waitHealthy(server, { timeoutMs: 120_000 });
    const pairs: Pair[] = [];
    for (let i = 0; i < (options.senders ?? 10); i++) {
      const renter = await signUp(server.baseUrl, 'renter', `Crash Renter ${i}`);
      const landlord = await signUp(server.baseUrl, 'landlord', `Crash Landlord ${i}`);
      const conversationId = await openConversation(server.baseUrl, renter, landlord);
      pairs.push({ cookie: renter.cookie, conversationId });
    }
    const runId = Date.now().toString(36);
    const client = new Sender(
      server.baseUrl,
      pairs,
      runId,
      options.connectionsPerSender ?? CONNECTIONS_PER_SENDER,
    );
    sender = client;
    client.start(options.rate);
    await waitFor(() => client.acked.size >= options.rate, 60_000);

    const order: KillFigure['kind'][] = [];
    for (let i = 0; i < Math.max(options.apiKills, options.pgKills); i++) {
      if (i < options.apiKills) order.push('api');
      if (i < options.pgKills) order.push('postgres');
    }
    const kills: KillFigure[] = [];
    for (const kind of order) {
      const killedAt = performance.now();
      const figure: KillFigure = { kind, recoverySeconds: Number.NaN };
      if (kind === 'api') {
        process.kill(server.pid, 'SIGKILL');
        await server.exited;
        // A supervisor starts it again at once, on the same port.
        server = await spawnServer({ dataDir, port, env: SERVER_ENV });
        await waitHealthy(server, { timeoutMs: 120_000 });
        figure.healthySeconds = round((performance.now() - killedAt) / 1000);
      } else {
        const pid = postmasterPid(pgDir);
        if (!pid || !isAlive(pid)) throw new Error('no live postmaster to kill');
        let exited = false;
        void server.exited.then(() => {
          exited = true;
        });
        process.kill(pid, 'SIGKILL');
        // The API process restarts its postmaster; it must not die itself.
        await waitFor(() => exited || client.firstAckAfter(killedAt) !== undefined, 120_000);
        figure.apiExited = exited;
        if (exited) {
          server = await spawnServer({ dataDir, port, env: SERVER_ENV });
          await waitHealthy(server, { timeoutMs: 120_000 });
        }
      }
      await waitFor(() => client.firstAckAfter(killedAt) !== undefined, 120_000);
      figure.recoverySeconds = round(
        ((client.firstAckAfter(killedAt) as number) - killedAt) / 1000,
      );
      kills.push(figure);
      log(
        `kill -9 ${kind}: acknowledged sends again after ${figure.recoverySeconds} s` +
          (figure.healthySeconds !== undefined
            ? ` (healthy after ${figure.healthySeconds} s)`
            : '') +
          (figure.apiExited ? ' — the API process died too' : ''),
      );
      const ackedBefore = client.acked.size;
      await waitFor(
        () => client.acked.size >= ackedBefore + (options.rate * options.settleMs) / 1000,
        120_000,
      );
    }
    await client.stop(options.drainMs ?? 60_000);
    const after = await checkAfterKills(server.baseUrl, pgDir);

    const stored = await storedMessages(
      pgDir,
      pairs.map((p) => p.conversationId),
    );
    let lost = 0;
    let mismatchedIds = 0;
    for (const [content, ack] of client.acked) {
      const ids = stored.get(content);
      if (!ids?.length) lost += 1;
      else if (!ids.includes(ack.id)) mismatchedIds += 1;
    }
    const duplicated = [...stored.values()].filter((ids) => ids.length > 1).length;

    // Generous: a fast shutdown checkpoints a durable cluster, slow on a loaded machine.
    const info = await stopServer(server, 60_000);
    const postgresLeft = isAlive(postmasterPid(pgDir) ?? 0);
    const cleanStop = info.code === 0 && !postgresLeft;
    const stop = {
      ...info,
      postgresLeft,
      ...(cleanStop ? {} : { log: server.stdout().split('\n').slice(-15).join('\n') }),
    };
    return {
      sent: client.sent,
      acknowledged: client.acked.size,
      lost,
      duplicated,
      unacknowledged: client.open.size,
      rejected: client.rejected.size,
      mismatchedIds,
      retries: client.retries,
      kills,
      ...after,
      cleanStop,
      stop,
      durationSeconds: round((performance.now() - began) / 1000),
    };
  } finally {
    // A failed drill stops its client too, or its retries would keep the process alive.
    await sender?.stop(0);
    await killEverything([dataDir]);
  }
}

/** The job runner and the search index work again after the kills (each has a connection of its own). */
async function checkAfterKills(baseUrl: string, pgDir: string) {
  const newcomer = await signUp(baseUrl, 'renter', 'Crash Newcomer');
  const jobsRunAfterKills = await eventually(
    async () => (await query(pgDir, sentMail, [newcomer.email])).length > 0,
  );
  const landlord = await signUp(baseUrl, 'landlord', 'Crash Publisher');
  const api = liveApi(baseUrl, landlord.cookie);
  const draft = await api.send('POST', '/api/listings', { title: 'After the crash drill' });
  const { listing } = (await draft.json()) as { listing: { id: string } };
  await (await api.send('PATCH', `/api/listings/${listing.id}`, completeFields())).arrayBuffer();
  const form = new FormData();
  form.append(
    'photo',
    new File([new Uint8Array(await testJpeg())], 'p.jpg', { type: 'image/jpeg' }),
  );
  await (await api.send('POST', `/api/listings/${listing.id}/photos`, form)).arrayBuffer();
  const published = await api.send('PATCH', `/api/listings/${listing.id}`, { status: 'active' });
  await published.arrayBuffer();
  const searchCurrentAfterKills =
    published.status === 200 &&
    (await eventually(async () => {
      const res = await liveApi(baseUrl).get('/api/listings');
      const page = (await res.json()) as { items?: { id: string }[] };
      return page.items?.[0]?.id === listing.id;
    }));
  return { jobsRunAfterKills, searchCurrentAfterKills };
}

/** Whether `condition` comes true within `timeoutMs` (asked every 200 ms). */
async function eventually(condition: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (await condition().catch(() => false)) return true;
    await sleep(200);
  }
  return false;
}

const sentMail = `select id from outbox_emails where "to" = $1 and sent_at is not null`;

async function query(pgDir: string, text: string, values: unknown[]) {
  const url = runningEmbeddedUrl(pgDir);
  if (!url) throw new Error(`no running PostgreSQL on ${pgDir}`);
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** content -> ids of the rows holding it, read straight from the server's PostgreSQL. */
async function storedMessages(pgDir: string, conversationIds: string[]) {
  const rows = (await query(
    pgDir,
    'select id, content from messages where conversation_id = any($1::uuid[])',
    [conversationIds],
  )) as { id: string; content: string }[];
  const byContent = new Map<string, string[]>();
  for (const row of rows)
    byContent.set(row.content, [...(byContent.get(row.content) ?? []), row.id]);
  return byContent;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
