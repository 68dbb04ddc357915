/**
 * `npm run user:create-admin -- <email> [--password <pw>] [--name <name>]`: makes an existing
 * user an admin, or creates an admin account. Without --password a new account gets a strong
 * generated one, printed once. The only way to make an admin (sign-up refuses the type).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createUserWithPassword, setUserType } from '../src/server/modules/users/users.service.ts';
import { EmailSchema, NameSchema, PasswordSchema } from '../src/shared/schemas/auth.ts';
import { runWithDatabase } from './lib/cli-database.ts';

const USAGE = 'Usage: npm run user:create-admin -- <email> [--password <pw>] [--name <name>]';

function parse(): { email: string; password: string | undefined; name: string | undefined } {
  let parsed: ReturnType<typeof parseCli>;
  try {
    parsed = parseCli();
  } catch (error) {
    return usage((error as Error).message);
  }
  const [rawEmail, ...extra] = parsed.positionals;
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!rawEmail || extra.length > 0) return usage('Give exactly one email address.');
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) return usage(`"${rawEmail}": ${email.error.issues[0]?.message}`);
  const { password, name } = parsed.values;
  if (password !== undefined) {
    const valid = PasswordSchema.safeParse(password);
    if (!valid.success) return usage(valid.error.issues[0]?.message ?? 'Invalid password.');
  }
  if (name !== undefined) {
    const valid = NameSchema.safeParse(name);
    if (!valid.success) return usage(valid.error.issues[0]?.message ?? 'Invalid name.');
  }
  return { email: email.data, password, name: name?.trim() };
}

function parseCli() {
  return parseArgs({
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      name: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

const args = parse();

await runWithDatabase(async (opened) => {
  const { db } = opened.database;
  const promoted = await setUserType({
    ctx: { db },
    input: { email: args.email, userType: 'admin' },
  });
  if (promoted) {
    console.log(`${promoted.email} is now an admin (was an existing account).`);
    if (args.password !== undefined || args.name !== undefined) {
      console.log('Its password and name were left unchanged.');
    }
    return;
  }
  const generated = args.password === undefined;
  const password = args.password ?? randomBytes(18).toString('base64url');
  const created = await createUserWithPassword({
    ctx: { db },
    input: {
      email: args.email,
      name: args.name ?? 'Administrator',
      password,
      userType: 'admin',
    },
  });
  if (!created) {
    // Created by someone else between our two statements: promote it instead.
    await setUserType({
      ctx: { db },
      input: { email: args.email, userType: 'admin' },
    });
    console.log(`${args.email} is now an admin (was an existing account).`);
    return;
  }
  console.log(`Created admin account ${created.email} in ${opened.location}.`);
  if (generated) {
    console.log(`Generated password (shown only this once, store it now): ${password}`);
  }
});
