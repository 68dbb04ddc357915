import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCrashDrill } from './test/crash-drill.ts';
import { makeDataRoot } from './test/server-process.ts';

/**
 * Issue 17, "Faults", the fast form of bench/crash.ts: messages sent at a steady rate while the
 * API process and then the embedded postmaster are killed with -9, once each. Every
 * acknowledged send is stored exactly once; the server recovers, its jobs and search index work
 * again, and it stops cleanly. Judged by counts, never by time (generous timeouts inside).
 */

let root: string;

beforeAll(() => {
  root = makeDataRoot('stoop-crash-');
});

afterAll(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('kill -9 of the API and of PostgreSQL while messages are sent', () => {
  it('loses no acknowledged send and duplicates none; the app recovers each time', async () => {
    const result = await runCrashDrill({
      dataDir: path.join(root, 'data'),
      apiKills: 1,
      pgKills: 1,
      rate: 20,
      senders: 4,
      settleMs: 1_000,
    });
    console.info('crash drill:', JSON.stringify(result));
    expect(result.kills.map((k) => k.kind)).toEqual(['api', 'postgres']);
    expect(result.kills.every((k) => Number.isFinite(k.recoverySeconds))).toBe(true);
    expect(result.kills.find((k) => k.kind === 'postgres')?.apiExited).toBe(false);
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result).toMatchObject({
      lost: 0,
      duplicated: 0,
      mismatchedIds: 0,
      unacknowledged: 0,
      rejected: 0,
      jobsRunAfterKills: true,
      searchCurrentAfterKills: true,
      cleanStop: true,
    });
    expect(result.acknowledged).toBe(result.sent);
  }, 600_000);
});
