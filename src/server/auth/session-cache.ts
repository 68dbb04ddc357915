/*
 * Resolved sessions kept in memory per instance (issue 17: `GET /api/me` at 3,000 req/s), keyed
 * by the raw cookie value, so a hit costs neither the HMAC nor PostgreSQL. Correct across
 * instances because PostgreSQL says when to forget: triggers (migration 0020) NOTIFY
 * `stoop_sessions` at the commit of any change to a session (`s:<id>`: sign-out, refresh,
 * expiry, every session of a password reset or a suspension) or to its user (`u:<id>`), and
 * every instance drops those entries (decision 043). While the LISTEN connection is down nothing
 * is served from memory, and when it comes back everything is forgotten. An answer read from
 * PostgreSQL while a notice arrived is not kept (a version taken before the read).
 */

export const SESSIONS_CHANNEL = 'stoop_sessions';

/** A notice's payload, or null when some may have been missed (the LISTEN connection was lost). */
export type SessionNoticeHandler = (payload: string | null) => void;

/**
 * Where the notices come from. The events module's bus fits it and app.ts hands it in: the
 * platform imports no module.
 */
export type SessionNotices = {
  watch(channel: string, handler: SessionNoticeHandler): () => void;
  /** True while the channel's notices reach this instance. */
  watching(channel: string): boolean;
};

/** A session is read again at least this often, whatever the notices say (belt and braces). */
const TTL_MS = 60_000;
const MAX_ENTRIES = 50_000;

export type CachedSession<T> = {
  value: T;
  sessionId: string;
  userId: string;
  /** After this the session needs better-auth (expired, or due for its daily refresh). */
  validUntil: number;
};

export class SessionCache<T> {
  private readonly entries = new Map<string, CachedSession<T>>();
  private readonly keysBySession = new Map<string, Set<string>>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Bumped by every notice; an answer read across one is not kept. */
  private version = 0;

  constructor(
    private readonly events: SessionNotices,
    private readonly now: () => number = Date.now,
  ) {
    events.watch(SESSIONS_CHANNEL, (payload) => this.forget(payload));
  }

  /** Serving is safe only while the notices arrive. */
  get enabled() {
    return this.events.watching(SESSIONS_CHANNEL);
  }

  get size() {
    return this.entries.size;
  }

  /** A token to pass to `set`: where the notices stood before the session was read. */
  begin(): number {
    return this.version;
  }

  get(key: string): T | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= this.now()) {
      this.remove(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, entry: Omit<CachedSession<T>, 'validUntil'>, until: number, token: number) {
    if (token !== this.version || !this.enabled) return;
    this.remove(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const validUntil = Math.min(until, this.now() + TTL_MS);
    this.entries.set(key, { ...entry, validUntil });
    addTo(this.keysBySession, entry.sessionId, key);
    addTo(this.keysByUser, entry.userId, key);
  }

  /** A notice: `s:<session id>`, `u:<user id>`, or null / '*' (everything). */
  forget(payload: string | null) {
    this.version++;
    if (payload === null || payload === '*') {
      this.entries.clear();
      this.keysBySession.clear();
      this.keysByUser.clear();
      return;
    }
    const index = payload.startsWith('u:') ? this.keysByUser : this.keysBySession;
    const keys = index.get(payload.slice(2));
    if (keys) for (const key of [...keys]) this.remove(key);
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    removeFrom(this.keysBySession, entry.sessionId, key);
    removeFrom(this.keysByUser, entry.userId, key);
  }
}

function addTo(index: Map<string, Set<string>>, id: string, key: string) {
  const keys = index.get(id);
  if (keys) keys.add(key);
  else index.set(id, new Set([key]));
}

function removeFrom(index: Map<string, Set<string>>, id: string, key: string) {
  const keys = index.get(id);
  if (!keys) return;
  keys.delete(key);
  if (keys.size === 0) index.delete(id);
}
