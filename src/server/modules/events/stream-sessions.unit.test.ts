import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { createLogger } from '../../lib/logger.ts';
import { StreamSessions, type Verifiable } from './stream-sessions.ts';

/** A stream that counts its heartbeats and runs its checks at once. */
function fakeStream() {
  const stream = {
    beats: 0,
    closed: false,
    heartbeat() {
      stream.beats += 1;
    },
    verify(check: () => Promise<boolean>) {
      void check().then((ok) => {
        if (!ok) stream.closed = true;
      });
    },
    close() {
      stream.closed = true;
    },
  } satisfies Verifiable & Record<string, unknown>;
  return stream;
}

/** A database whose live sessions are `live`, counting the statements it is sent. */
function fakeDb(live: Set<string>) {
  const statements: string[][] = [];
  const db = {
    $client: {
      query: async ({ values }: { values: [string[]] }) => {
        statements.push(values[0]);
        const rows = values[0]
          .filter((id) => live.has(id))
          .map((id) => ({ id, expires_ms: String(Date.now() + 86_400_000) }));
        return { rows };
      },
    },
  };
  return { db: db as unknown as Db, statements };
}

const HEARTBEAT_MS = 25_000;

/** The statements asked for so far answered, and what waited on them done. */
async function settled() {
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe('StreamSessions: one heartbeat for every stream of the process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('beats every held stream and checks all their sessions in one statement', async () => {
    // Timers faked; setImmediate real (statements go out on it).
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    });
    const live = new Set(['s1', 's2', 's3']);
    const { db, statements } = fakeDb(live);
    const sessions = new StreamSessions(
      db,
      { watch: () => () => {} },
      createLogger('silent'),
      HEARTBEAT_MS,
    );
    const streams = ['s1', 's2', 's3'].map((sessionId) => {
      const stream = fakeStream();
      return { stream, held: sessions.hold(stream, { sessionId, userId: `u-${sessionId}` }) };
    });
    await settled();
    expect(statements).toEqual([['s1', 's2', 's3']]); // the checks on opening, together

    live.delete('s2'); // ended without a notice
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    await settled(); // the checks asked for at the tick go out together
    expect(streams.map((s) => s.stream.beats)).toEqual([1, 1, 1]);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toEqual(['s1', 's2', 's3']);
    expect(streams.map((s) => s.stream.closed)).toEqual([false, true, false]);

    // Released streams stop beating; with none left the ticker stops.
    for (const { held } of streams) held.release();
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS * 3);
    await settled();
    expect(streams.map((s) => s.stream.beats)).toEqual([1, 1, 1]);
    expect(statements).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
