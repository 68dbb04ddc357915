import pg from 'pg';
import type { Logger } from '../../lib/logger.ts';
import { EVENTS_CHANNEL, type StoredEvent } from './event-store.ts';

/**
 * "User U has events up to `id`". `event` is set when the event was committed by this instance
 * (its stream can write it without a read); a notice from another instance carries the id only.
 * `id: Infinity` asks a stream to catch up from the table (after a lost LISTEN connection).
 */
export type EventNotice = { userId: string; id: number; event?: StoredEvent };

export type Subscriber = { notice(notice: EventNotice): void; close(): void };

/**
 * A NOTIFY payload on a watched channel (cache invalidation between instances), or null when
 * some may have been missed (the LISTEN connection was lost): forget everything.
 */
export type SignalHandler = (payload: string | null) => void;

/** Fan-out of committed events to this instance's live streams (docs/architecture.md §5). */
export interface EventBus {
  subscribe(userId: string, subscriber: Subscriber): () => void;
  /** Called after a commit with the events it stored. */
  publish(events: StoredEvent[]): void;
  /** Resolves once events committed anywhere reach this instance (before a stream reads). */
  ready(): Promise<void>;
  /**
   * Hears NOTIFYs on `channel` from every instance, this one included (a trigger or
   * `pg_notify` in a transaction: delivered at its commit, never on rollback).
   */
  watch(channel: string, handler: SignalHandler): () => void;
  /** True while `channel`'s notices reach this instance; a cache must not serve otherwise. */
  watching(channel: string): boolean;
  /** Resolves once every notice committed before the call has been handled here. */
  sync(): Promise<void>;
  /** Open streams on this instance. */
  readonly size: number;
  /** Ends every stream (shutdown) and stops listening. */
  close(): Promise<void>;
}

/** One process: streams hear about events committed by this process only. */
export class MemoryEventBus implements EventBus {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private count = 0;

  get size() {
    return this.count;
  }

  subscribe(userId: string, subscriber: Subscriber) {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(subscriber);
    this.count++;
    return () => {
      if (!set.delete(subscriber)) return;
      this.count--;
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  protected readonly watchers = new Map<string, Set<SignalHandler>>();

  watch(channel: string, handler: SignalHandler) {
    let set = this.watchers.get(channel);
    if (!set) {
      set = new Set();
      this.watchers.set(channel, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  /** One process has no other instances to hear from, and no NOTIFY either: never. */
  watching(_channel: string): boolean {
    return false;
  }

  sync(): Promise<void> {
    return Promise.resolve();
  }

  protected signal(channel: string, payload: string | null) {
    for (const handler of this.watchers.get(channel) ?? []) handler(payload);
  }

  publish(events: StoredEvent[]) {
    for (const event of events) this.dispatch({ userId: event.userId, id: event.id, event });
  }

  protected dispatch(notice: EventNotice) {
    const set = this.subscribers.get(notice.userId);
    if (set) for (const subscriber of set) subscriber.notice(notice);
  }

  protected dispatchAll(notice: Omit<EventNotice, 'userId'>) {
    for (const [userId, set] of this.subscribers) {
      for (const subscriber of set) subscriber.notice({ userId, ...notice });
    }
  }

  async close() {
    for (const set of [...this.subscribers.values()]) {
      for (const subscriber of [...set]) subscriber.close();
    }
    this.subscribers.clear();
    this.count = 0;
  }
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 2_000, 5_000];

/**
 * Several instances on one PostgreSQL: every commit NOTIFYs `<userId>:<eventId>` (see
 * appendEvents), and each instance LISTENs on one dedicated connection. Events committed here are
 * also handed to local streams directly, so the echo of our own NOTIFY costs no read.
 */
export class PgEventBus extends MemoryEventBus {
  private client: pg.Client | undefined;
  private connecting: Promise<void> | undefined;
  private closed = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | undefined;
  /** Channels LISTENed on the current connection. */
  private readonly listening = new Set<string>();

  constructor(
    private readonly config: pg.ClientConfig,
    private readonly logger: Logger,
  ) {
    super();
  }

  override subscribe(userId: string, subscriber: Subscriber) {
    void this.listen();
    return super.subscribe(userId, subscriber);
  }

  override ready() {
    return this.listen();
  }

  override watch(channel: string, handler: SignalHandler) {
    const unwatch = super.watch(channel, handler);
    void this.listen().then(() => this.listenOn(channel));
    return unwatch;
  }

  override watching(channel: string) {
    return this.client !== undefined && this.listening.has(channel);
  }

  /**
   * A round trip on the LISTEN connection: PostgreSQL sends it every notice already committed
   * before the answer, so they have all been handled when this resolves.
   */
  override sync(): Promise<void> {
    // Callers that arrive while a round trip is on the wire share the next one (it starts after
    // their call, as it must); one query at a time on the connection.
    this.nextSync ??= this.lastSync.then(() => {
      this.nextSync = undefined;
      this.lastSync = (async () => {
        await this.listen();
        await this.client?.query('select 1').catch(() => {});
      })();
      return this.lastSync;
    });
    return this.nextSync;
  }

  private nextSync: Promise<void> | undefined;
  private lastSync: Promise<void> = Promise.resolve();

  private async listenOn(channel: string) {
    const client = this.client;
    if (!client || this.listening.has(channel)) return;
    try {
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (this.client === client) this.listening.add(channel);
    } catch {
      // The connection is going; the reconnect listens again.
    }
  }

  /** Connects once; resolves when LISTEN is active (or the attempt failed and will be retried). */
  listen(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect() {
    const client = new pg.Client(this.config);
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL) {
        this.signal(message.channel, message.payload ?? '');
        return;
      }
      const [userId, id] = (message.payload ?? '').split(':');
      if (userId && id) this.dispatch({ userId, id: Number(id) });
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      this.lost(client, error);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      return;
    }
    this.client = client;
    for (const channel of this.watchers.keys()) await this.listenOn(channel);
    if (this.attempt > 0) {
      this.logger.info('event listener reconnected');
      // Whatever was notified while we were away: every stream re-reads the table, every
      // watcher forgets what it kept.
      this.dispatchAll({ id: Number.POSITIVE_INFINITY });
      for (const channel of this.watchers.keys()) this.signal(channel, null);
    }
    this.attempt = 0;
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.client === client) {
      this.client = undefined;
      this.listening.clear();
    }
    if (this.closed || this.retryTimer) return;
    this.logger.warn({ err: error }, 'event listener connection lost');
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt++;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.listen();
    }, delay);
  }

  override async close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    await super.close();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
