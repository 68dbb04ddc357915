import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';
import { createTestApp } from './test/test-app.ts';

// EXPOSE_PID_HEADER (decision 041): which process answered, for the cluster and nginx tests only.
const plain = await createTestApp();
const exposing = await createTestApp({ env: { EXPOSE_PID_HEADER: 'true' } });

describe('X-Stoop-Pid', () => {
  it('is absent unless EXPOSE_PID_HEADER is on', async () => {
    for (const path of ['/api/health', '/api/me', '/api/no-such-thing']) {
      const res = await plain.app.request(path);
      expect(res.headers.get('x-stoop-pid'), path).toBeNull();
    }
  });

  it('names this process on every answer when it is on, errors included', async () => {
    for (const path of ['/api/health', '/api/me', '/api/no-such-thing']) {
      const res = await exposing.app.request(path);
      expect(res.headers.get('x-stoop-pid'), path).toBe(String(process.pid));
    }
  });

  it('cannot be turned on in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production', EXPOSE_PID_HEADER: 'true' })).toThrow(
      /EXPOSE_PID_HEADER: must not be on in production/,
    );
    expect(parseEnv({ NODE_ENV: 'production' }).EXPOSE_PID_HEADER).toBe(false);
  });
});
