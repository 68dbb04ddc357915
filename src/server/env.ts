import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy } from './lib/trust-proxy.ts';

/** The only reader of process.env (docs/architecture.md §7). Fails fast with a clear message. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Loopback unless told otherwise: a dev machine's server is not for the whole network. */
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Connections each process keeps to PostgreSQL (decision 046). Unset: three per core of this
   * machine, shared among its WEB_CONCURRENCY processes, at least 4.
   */
  DATABASE_POOL_MAX: z.coerce
    .number({ error: 'must be a whole number of connections, 1 to 500' })
    .int('must be a whole number of connections, 1 to 500')
    .min(1, 'must be a whole number of connections, 1 to 500')
    .max(500, 'must be a whole number of connections, 1 to 500')
    .optional(),
  BASE_URL: z.url().optional(),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Stoop <no-reply@stoop.test>'),
  /** S3-compatible media storage: on when S3_BUCKET is set (see S3_VARIABLES below). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9._-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3-63 lower-case letters, digits, dots, hyphens or underscores',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (or auto)')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true'),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /**
   * The Botpress webchat for visitors and renters: on when the inject script, the bot's script
   * and the client id are all set. Their origins (and the API's) are what the CSP allows.
   */
  BOTPRESS_INJECT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  BOTPRESS_BOT_SCRIPT_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  BOTPRESS_CLIENT_ID: z.string().optional(),
  BOTPRESS_BOT_ID: z.string().optional(),
  /** The webchat's messaging API (connect-src only), e.g. https://webchat.botpress.cloud. */
  BOTPRESS_API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /**
   * Issue 16: a MapLibre GL style URL (tiles from any provider, or a self-hosted PMTiles file).
   * Unset: maps are the built-in SVG of the five boroughs, with no network.
   */
  MAP_STYLE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Extra origins allowed to send mutating requests (comma-separated), e.g. a dev server. */
  TRUSTED_ORIGINS: z.string().optional(),
  /** better-auth's per-IP limits on auth endpoints; off only for test servers (e2e from one IP). */
  AUTH_IP_RATE_LIMITS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Messages one person may send per minute (docs/architecture.md §9); counted in the database. */
  MESSAGE_SEND_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Stripe payments: on when STRIPE_SECRET_KEY is set; otherwise the built-in test mode. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  /** Signs the webhooks Stripe sends to /api/billing/webhooks/stripe (whsec_…). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'must start with whsec_')
    .optional(),
  /** Where the Stripe SDK sends API requests (tests point it at a local stub). */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  /**
   * Decision 041: the proxies whose X-Forwarded-For is believed, as a hop count (1) or a list of
   * their addresses and CIDRs. Unset: the socket's peer is the client, the header is ignored.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Server processes sharing the port (node:cluster); 1 runs the server in this process. */
  WEB_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of processes, 1 to 64' })
    .int('must be a whole number of processes, 1 to 64')
    .min(1, 'must be a whole number of processes, 1 to 64')
    .max(64, 'must be a whole number of processes, 1 to 64')
    .default(1),
  /** Tests only: an X-Stoop-Pid header on every answer (refused in production). */
  EXPOSE_PID_HEADER: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Seed demo data on first start with an empty database. Unset: on in development and tests,
   * off in production (the demo accounts share a published password); see resolveDefaults.
   */
  SEED_DEMO_DATA: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * A folder where the demo seed keeps the photos it drew, for the next seed on this machine
   * (`npm test` seeds a dozen databases). Unset: every seed draws them.
   */
  SEED_PHOTO_CACHE_DIR: z.string().min(1).optional(),
  /**
   * Billing's built-in test mode (cards 4242…, nothing charged) when STRIPE_SECRET_KEY is unset.
   * Unset: on in development and tests, off in production, where paid plans then cannot be taken.
   */
  BILLING_TEST_MODE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

type ParsedEnv = z.infer<typeof EnvSchema>;

export type Env = Omit<ParsedEnv, 'SEED_DEMO_DATA' | 'BILLING_TEST_MODE'> & {
  DATA_DIR: string;
  BASE_URL: string;
  SEED_DEMO_DATA: boolean;
  BILLING_TEST_MODE: boolean;
  /** The production conveniences an operator turned on by hand (each logged as a warning at start). */
  PRODUCTION_OPT_INS: readonly ('SEED_DEMO_DATA' | 'BILLING_TEST_MODE')[];
};

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings as unset so `.env` lines like `SMTP_URL=` mean "off".
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  const lines = [
    ...(result.error?.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`) ?? []),
    ...s3Issues(cleaned),
    ...stripeIssues(cleaned),
    ...(cleaned.NODE_ENV === 'production' && cleaned.EXPOSE_PID_HEADER === 'true'
      ? ['  EXPOSE_PID_HEADER: must not be on in production (it tells everyone our process ids)']
      : []),
  ];
  if (!result.success || lines.length) {
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const production = env.NODE_ENV === 'production';
  const optIns: ('SEED_DEMO_DATA' | 'BILLING_TEST_MODE')[] = [];
  if (production && env.SEED_DEMO_DATA === true) optIns.push('SEED_DEMO_DATA');
  // With Stripe configured test mode never applies, so the flag opts into nothing.
  if (production && env.BILLING_TEST_MODE === true && !env.STRIPE_SECRET_KEY) {
    optIns.push('BILLING_TEST_MODE');
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    BASE_URL: env.BASE_URL ?? `http://localhost:${env.PORT}`,
    // Safe in production unless asked for; convenient everywhere else.
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? !production,
    BILLING_TEST_MODE: env.BILLING_TEST_MODE ?? !production,
    PRODUCTION_OPT_INS: optIns,
  };
}

/** S3_* settings that mean nothing without S3_BUCKET. */
const S3_VARIABLES = [
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/** What one S3_* variable cannot tell alone: a half-configured bucket fails start-up. */
function s3Issues(source: Record<string, string | undefined>): string[] {
  const issues: string[] = [];
  const set = S3_VARIABLES.filter((name) => source[name] !== undefined);
  if (!source.S3_BUCKET && set.length) {
    issues.push(
      `  S3_BUCKET: required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set ` +
        '(set it to store media in that bucket, or unset every S3_* variable to keep media ' +
        'on local disk under DATA_DIR/media)',
    );
  }
  const keyId = source.S3_ACCESS_KEY_ID !== undefined;
  const secret = source.S3_SECRET_ACCESS_KEY !== undefined;
  if (keyId !== secret) {
    const [missing, present] = keyId
      ? ['S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']
      : ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];
    issues.push(
      `  ${missing}: required when ${present} is set (set both, or neither to use the ` +
        "AWS SDK's default credentials such as an instance role)",
    );
  }
  return issues;
}

/** A Stripe key without its webhook secret would take cards and never hear back. */
function stripeIssues(source: Record<string, string | undefined>): string[] {
  const key = source.STRIPE_SECRET_KEY !== undefined;
  const secret = source.STRIPE_WEBHOOK_SECRET !== undefined;
  if (key === secret) return [];
  return key
    ? [
        '  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set (the signing secret of the webhook endpoint, whsec_…)',
      ]
    : [
        '  STRIPE_SECRET_KEY: required when STRIPE_WEBHOOK_SECRET is set (or unset both for test mode)',
      ];
}

let cached: Env | undefined;

export function loadEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
