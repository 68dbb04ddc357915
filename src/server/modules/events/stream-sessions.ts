import { sql } from 'drizzle-orm';
import { SESSIONS_CHANNEL } from '../../auth/session-cache.ts';
import type { Db } from '../../db/client.ts';
import { sqlText } from '../../db/raw.ts';
import { sessions, users } from '../../db/schema/auth.ts';
import type { Logger } from '../../lib/logger.ts';
import type { EventBus } from './event-bus.ts';
import { STREAMS_END_CHANNEL } from './events.service.ts';

/*
 * A live stream lives no longer than the session that opened it (issue 26). Each open stream is
 * held here under its session and its user, and its session is checked again:
 *
 * - when PostgreSQL says the session or its user changed: the triggers of migration 0020 NOTIFY
 *   `stoop_sessions` at the commit of every sign-out, password change or reset, suspension,
 *   account deletion (a session row deleted) and refresh, and every instance hears it;
 * - at its expiry time, which nothing in the database announces;
 * - at every heartbeat, whatever the notices said (a change made with triggers off, a notice
 *   lost with the LISTEN connection). One ticker beats for every stream of the process, so the
 *   checks of a heartbeat go out together: 10,000 streams are 20 statements every 25 s, not 400
 *   a second;
 * - once when the stream opens (a session revoked while its request was on the way).
 *
 * A check runs in the stream's own queue (LiveStream.verify), so an event committed after the
 * session ended is never written. Checks asked for together are one statement.
 */

export type StreamSession = { sessionId: string; userId: string };

/** What is held: a stream that beats, and checks and closes itself in turn with its writes. */
export type Verifiable = {
  heartbeat(): void;
  verify(check: () => Promise<boolean>): void;
  close(): void;
};

export type HeldStream = {
  /** The stream ended: forget it. */
  release(): void;
};

type Entry = StreamSession & {
  stream: Verifiable;
  timer: NodeJS.Timeout | undefined;
  released: boolean;
};

/** setTimeout's longest delay; a later expiry is checked again then (and at every heartbeat). */
const MAX_TIMER_MS = 2_147_483_647;
/** Session ids a statement looks up at most. */
const BATCH = 500;

const SELECT_LIVE_SESSIONS = {
  name: 'live-sessions-by-id',
  text: sqlText(sql`select ${sessions.id} as id,
      (date_part('epoch', ${sessions.expiresAt}) * 1000)::int8 as expires_ms
    from ${sessions} join ${users} on ${users.id} = ${sessions.userId}
    where ${sessions.id} = any($1::uuid[])
      and ${users.suspendedAt} is null and ${users.deletedAt} is null`),
};

export class StreamSessions {
  private readonly bySession = new Map<string, Set<Entry>>();
  private readonly byUser = new Map<string, Set<Entry>>();
  /** Lookups asked for since the last statement went out: session id → their answers. */
  private pending = new Map<string, ((expiresMs: number | null | undefined) => void)[]>();
  /** The heartbeat of every held stream; running only while there is one. */
  private ticker: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    events: Pick<EventBus, 'watch'>,
    private readonly logger: Logger,
    private readonly heartbeatMs: number,
    private readonly now: () => number = Date.now,
  ) {
    events.watch(SESSIONS_CHANNEL, (payload) => this.noticed(payload));
    // A suspension or an account deletion ends the user's streams at once (endUserStreams).
    events.watch(STREAMS_END_CHANNEL, (userId) => {
      if (userId === null) return;
      for (const entry of [...(this.byUser.get(userId) ?? [])]) entry.stream.close();
    });
  }

  /** Holds `stream` under its session until released, checking the session at once. */
  hold(stream: Verifiable, session: StreamSession): HeldStream {
    const entry: Entry = { ...session, stream, timer: undefined, released: false };
    addTo(this.bySession, entry.sessionId, entry);
    addTo(this.byUser, entry.userId, entry);
    this.check(entry);
    this.ticker ??= setInterval(() => this.beat(), this.heartbeatMs);
    return {
      release: () => {
        entry.released = true;
        clearTimeout(entry.timer);
        removeFrom(this.bySession, entry.sessionId, entry);
        removeFrom(this.byUser, entry.userId, entry);
        if (this.bySession.size === 0) {
          clearInterval(this.ticker);
          this.ticker = undefined;
        }
      },
    };
  }

  /** A heartbeat: a comment on every stream (proxies keep it open), and every session checked. */
  private beat() {
    for (const entries of this.bySession.values()) {
      for (const entry of entries) {
        entry.stream.heartbeat();
        this.check(entry);
      }
    }
  }

  /** A notice on `stoop_sessions`: `s:<session id>`, `u:<user id>`, or '*' / null (anything). */
  private noticed(payload: string | null) {
    if (payload === null || payload === '*') {
      for (const entries of this.bySession.values()) for (const entry of entries) this.check(entry);
      return;
    }
    const index = payload.startsWith('u:') ? this.byUser : this.bySession;
    for (const entry of index.get(payload.slice(2)) ?? []) this.check(entry);
  }

  private check(entry: Entry) {
    entry.stream.verify(async () => {
      const expiresMs = await this.lookup(entry.sessionId);
      // The database could not say: keep the stream; the next heartbeat asks again.
      if (expiresMs === undefined) return true;
      const left = expiresMs === null ? 0 : expiresMs - this.now();
      if (left <= 0) return false;
      clearTimeout(entry.timer);
      if (entry.released) return true;
      entry.timer = setTimeout(() => this.check(entry), Math.min(left, MAX_TIMER_MS));
      return true;
    });
  }

  /** The session's expiry if it is still good, null if it is gone (or its user suspended). */
  private lookup(sessionId: string): Promise<number | null | undefined> {
    return new Promise((resolve) => {
      const waiting = this.pending.get(sessionId);
      if (waiting) {
        waiting.push(resolve);
        return;
      }
      if (this.pending.size === 0) setImmediate(() => void this.flush());
      this.pending.set(sessionId, [resolve]);
    });
  }

  private async flush() {
    const asked = this.pending;
    this.pending = new Map();
    const ids = [...asked.keys()];
    for (let start = 0; start < ids.length; start += BATCH) {
      const chunk = ids.slice(start, start + BATCH);
      let found: Map<string, number> | undefined;
      try {
        const { rows } = await this.db.$client.query<{ id: string; expires_ms: string }>({
          ...SELECT_LIVE_SESSIONS,
          values: [chunk],
        });
        found = new Map(rows.map((row) => [row.id, Number(row.expires_ms)]));
      } catch (error) {
        this.logger.warn({ err: error }, 'live stream session check failed');
      }
      for (const id of chunk) {
        const answer = found ? (found.get(id) ?? null) : undefined;
        for (const resolve of asked.get(id) ?? []) resolve(answer);
      }
    }
  }
}

function addTo(index: Map<string, Set<Entry>>, key: string, entry: Entry) {
  const set = index.get(key);
  if (set) set.add(entry);
  else index.set(key, new Set([entry]));
}

function removeFrom(index: Map<string, Set<Entry>>, key: string, entry: Entry) {
  const set = index.get(key);
  if (!set) return;
  set.delete(entry);
  if (set.size === 0) index.delete(key);
}
