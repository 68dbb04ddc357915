import { describe, expect, it } from 'vitest';
import { SESSIONS_CHANNEL, SessionCache, type SessionNoticeHandler } from './session-cache.ts';

/** The event bus as the cache sees it: a LISTEN connection that can drop, and its notices. */
function fakeBus() {
  const handlers: SessionNoticeHandler[] = [];
  const bus = {
    connected: true,
    watch(channel: string, handler: SessionNoticeHandler) {
      expect(channel).toBe(SESSIONS_CHANNEL);
      handlers.push(handler);
      return () => {};
    },
    watching: () => bus.connected,
    notify: (payload: string | null) => {
      for (const handler of handlers) handler(payload);
    },
  };
  return bus;
}

const FAR = Number.MAX_SAFE_INTEGER;

function setUp() {
  const bus = fakeBus();
  let now = 1_000;
  const cache = new SessionCache<string>(bus, () => now);
  const put = (key: string, sessionId: string, userId: string, until = FAR) =>
    cache.set(key, { value: `${sessionId}/${userId}`, sessionId, userId }, until, cache.begin());
  return { bus, cache, put, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('serves what it keeps, and forgets a session, or every session of a user, on notice', () => {
    const { bus, cache, put } = setUp();
    put('a', 's1', 'u1');
    put('b', 's2', 'u1');
    put('c', 's3', 'u2');
    expect(cache.get('a')).toBe('s1/u1');
    bus.notify('s:s1');
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('s2/u1');
    bus.notify('u:u1');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBe('s3/u2');
    bus.notify('*');
    expect(cache.size).toBe(0);
  });

  it('does not keep a session read while a notice arrived', () => {
    const { bus, cache } = setUp();
    const token = cache.begin();
    bus.notify('s:other');
    cache.set('a', { value: 'x', sessionId: 's1', userId: 'u1' }, FAR, token);
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves nothing while notices cannot arrive, and forgets everything when they may have been missed', () => {
    const { bus, cache, put } = setUp();
    put('a', 's1', 'u1');
    bus.connected = false;
    expect(cache.get('a')).toBeUndefined();
    put('b', 's2', 'u2');
    bus.connected = true;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('s1/u1');
    bus.notify(null); // the reconnect
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops an entry at its session expiry or refresh time, and after a minute at most', () => {
    const { cache, put, advance } = setUp();
    put('a', 's1', 'u1', 1_500);
    put('b', 's2', 'u2');
    advance(499);
    expect(cache.get('a')).toBe('s1/u1');
    advance(1);
    expect(cache.get('a')).toBeUndefined();
    advance(59_499);
    expect(cache.get('b')).toBe('s2/u2');
    advance(1);
    expect(cache.get('b')).toBeUndefined();
  });
});
