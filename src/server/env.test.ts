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

  it('keeps development conveniences out of production unless asked for', () => {
    const dev = parseEnv({});
    expect([dev.SEED_DEMO_DATA, dev.BILLING_TEST_MODE, dev.PRODUCTION_OPT_INS]).toEqual([
      true,
      true,
      [],
    ]);
    const prod = parseEnv({ NODE_ENV: 'production' });
    expect([prod.SEED_DEMO_DATA, prod.BILLING_TEST_MODE, prod.PRODUCTION_OPT_INS]).toEqual([
      false,
      false,
      [],
    ]);
    const optedIn = parseEnv({
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      BILLING_TEST_MODE: 'true',
    });
    expect([optedIn.SEED_DEMO_DATA, optedIn.BILLING_TEST_MODE]).toEqual([true, true]);
    expect(optedIn.PRODUCTION_OPT_INS).toEqual(['SEED_DEMO_DATA', 'BILLING_TEST_MODE']);
    expect(parseEnv({ SEED_DEMO_DATA: 'false' }).SEED_DEMO_DATA).toBe(false);
    expect(() => parseEnv({ BILLING_TEST_MODE: 'yes' })).toThrow(
      /BILLING_TEST_MODE: must be true or false/,
    );
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(parseEnv({}).HOST).toBe('127.0.0.1');
    expect(parseEnv({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
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

describe('parseEnv: S3 media storage', () => {
  const s3 = {
    S3_BUCKET: 'stoop-media',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'secret-example',
  };

  it('is off by default, with region and path style defaulted', () => {
    const env = parseEnv({});
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.S3_REGION).toBe('us-east-1');
    expect(env.S3_FORCE_PATH_STYLE).toBe(false);
    expect(env.S3_PUBLIC_URL).toBeUndefined();
  });

  it('reads a full configuration for an S3-compatible server', () => {
    const env = parseEnv({
      ...s3,
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PUBLIC_URL: 'https://media.stoop.example/',
    });
    expect(env).toMatchObject({
      S3_BUCKET: 'stoop-media',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: true,
      S3_PUBLIC_URL: 'https://media.stoop.example/',
    });
  });

  it('accepts a bucket alone (the SDK default credentials) and treats empty values as unset', () => {
    const env = parseEnv({ S3_BUCKET: 'stoop-media', S3_ENDPOINT: '', S3_PUBLIC_URL: '' });
    expect(env.S3_BUCKET).toBe('stoop-media');
    expect(env.S3_ENDPOINT).toBeUndefined();
    expect(() => parseEnv({ S3_BUCKET: '', S3_REGION: '', S3_ENDPOINT: '' })).not.toThrow();
  });

  it('refuses S3 settings without a bucket, naming them', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_BUCKET: required when S3_ENDPOINT is set .*unset every S3_\* variable/,
    );
    expect(() =>
      parseEnv({ S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }),
    ).toThrow(/S3_BUCKET: required when S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are set/);
  });

  it('refuses half a key pair', () => {
    expect(() => parseEnv({ S3_BUCKET: 'stoop-media', S3_ACCESS_KEY_ID: 'a' })).toThrow(
      /S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'stoop-media', S3_SECRET_ACCESS_KEY: 'b' })).toThrow(
      /S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set/,
    );
  });

  it.each([
    ['S3_BUCKET', 'My_Bucket!', /S3_BUCKET: must be a bucket name/],
    ['S3_BUCKET', 'ab', /S3_BUCKET: must be a bucket name/],
    ['S3_REGION', 'US East', /S3_REGION: must be a region name/],
    ['S3_ENDPOINT', 'minio:9000', /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
    ['S3_ENDPOINT', 'ftp://minio:9000', /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/],
    ['S3_PUBLIC_URL', 'cdn.example.com', /S3_PUBLIC_URL: must be an http:\/\/ or https:\/\/ URL/],
    ['S3_FORCE_PATH_STYLE', 'yes', /S3_FORCE_PATH_STYLE: must be true or false/],
  ])('refuses %s=%s with a clear message', (name, value, message) => {
    expect(() => parseEnv({ ...s3, [name]: value })).toThrow(message);
  });

  it('reports S3 problems together with the others', () => {
    expect(() => parseEnv({ PORT: 'eighty', S3_PUBLIC_URL: 'https://cdn.example' })).toThrow(
      /PORT: .*\n {2}S3_BUCKET: required when S3_PUBLIC_URL is set/,
    );
  });
});

describe('parseEnv: Stripe', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };

  it('is off by default (test mode) and reads a key with its webhook secret', () => {
    expect(parseEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    const env = parseEnv({
      ...stripe,
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: '12111',
      STRIPE_API_PROTOCOL: 'http',
    });
    expect(env).toMatchObject({ ...stripe, STRIPE_API_PORT: 12111, STRIPE_API_PROTOCOL: 'http' });
  });

  it('refuses half a configuration and malformed values, naming them', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: stripe.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set/,
    );
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: stripe.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set/,
    );
    expect(() => parseEnv({ ...stripe, STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseEnv({ ...stripe, STRIPE_API_PROTOCOL: 'ftp' })).toThrow(
      /STRIPE_API_PROTOCOL/,
    );
  });
});
