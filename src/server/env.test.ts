import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('fills defaults and resolves DATA_DIR', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve('data'));
    expect(env.BASE_URL).toBe('http://localhost:3000');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO_DATA).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ SMTP_URL: '', PORT: '' }).SMTP_URL).toBeUndefined();
  });

  it('fails fast with every bad variable named', () => {
    expect(() =>
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', BETTER_AUTH_SECRET: 'short' }),
    ).toThrow(
      /Invalid environment configuration:\n {2}PORT: .*\n {2}DATABASE_URL: must be a postgres/,
    );
    expect(() => parseEnv({ BETTER_AUTH_SECRET: 'short' })).toThrow(
      /BETTER_AUTH_SECRET: must be at least 32 characters/,
    );
  });
});
