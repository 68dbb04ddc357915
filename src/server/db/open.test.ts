import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import { poolSize } from './open.ts';

describe('poolSize (decision 046)', () => {
  it('keeps three connections per core, shared by the processes of the machine, at least 4', () => {
    expect(poolSize(parseEnv({}), 2)).toBe(6);
    expect(poolSize(parseEnv({}), 8)).toBe(24);
    expect(poolSize(parseEnv({ WEB_CONCURRENCY: '2' }), 8)).toBe(12);
    expect(poolSize(parseEnv({ WEB_CONCURRENCY: '2' }), 2)).toBe(4);
    expect(poolSize(parseEnv({ WEB_CONCURRENCY: '3' }), 4)).toBe(4);
  });

  it('takes DATABASE_POOL_MAX as given, and refuses what is not a count', () => {
    expect(poolSize(parseEnv({ DATABASE_POOL_MAX: '30' }), 2)).toBe(30);
    expect(() => parseEnv({ DATABASE_POOL_MAX: '0' })).toThrow(
      /DATABASE_POOL_MAX: must be a whole number of connections, 1 to 500/,
    );
    expect(() => parseEnv({ DATABASE_POOL_MAX: 'many' })).toThrow(/DATABASE_POOL_MAX/);
  });
});
