/**
 * `npm run user:create-admin -- <email> [--password <pw>] [--name <name>] [--promote-existing]`:
 * creates an admin account (the only way to make one; sign-up refuses the type). Without
 * --password a strong generated one is printed once. An email that already has an account is
 * refused unless --promote-existing is given: then that account becomes an admin, all its
 * sessions end, its password stops working, and a password-reset link is mailed to the address
 * (src/server/modules/users/make-admin.ts).
 */
import { parseArgs } from 'node:util';
import { createLogger } from '../src/server/lib/logger.ts';
import type { Mailer } from '../src/server/lib/mailer.ts';
import { makeAdmin } from '../src/server/modules/users/make-admin.ts';
import { buildDeps } from '../src/server/runtime.ts';
import { EmailSchema, NameSchema, PasswordSchema } from '../src/shared/schemas/auth.ts';
import { runWithDatabase } from './lib/cli-database.ts';

const USAGE =
  'Usage: npm run user:create-admin -- <email> [--password <pw>] [--name <name>] [--promote-existing]';

type Args = {
  email: string;
  password: string | undefined;
  name: string | undefined;
  promoteExisting: boolean;
};

function parse(): Args {
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
  return {
    email: email.data,
    password,
    name: name?.trim(),
    promoteExisting: parsed.values['promote-existing'] ?? false,
  };
}

function parseCli() {
  return parseArgs({
    allowPositionals: true,
    options: {
      password: { type: 'string' },
      name: { type: 'string' },
      'promote-existing': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

function usage(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

/** Delivers the reset mail now (its job would retry a failure), and says where it went. */
async function sendNow(mailer: Mailer, mailId: string | undefined, to: string, baseUrl: string) {
  try {
    if (!mailId) throw new Error('the reset mail was not found');
    await mailer.deliver(mailId);
  } catch (error) {
    return `The password-reset mail to ${to} could not be sent yet (${(error as Error).message}); the server's mail job retries it. The link is valid for 1 hour.`;
  }
  return mailer.transport === 'smtp'
    ? `A password-reset link (valid 1 hour) was mailed to ${to}.`
    : `A password-reset link (valid 1 hour) for ${to} is in the outbox (SMTP_URL is unset): ${baseUrl}/dev/mailbox, on this machine and outside production.`;
}

const args = parse();

await runWithDatabase(async (opened, env) => {
  // The server's own auth and mailer, so a reset mail is the one "Forgot your password?" sends.
  const deps = buildDeps(env, createLogger(process.env.LOG_LEVEL ?? 'warn'), opened.database);
  const result = await makeAdmin({
    ctx: { db: opened.database.db, auth: deps.auth },
    input: args,
  });
  switch (result.outcome) {
    case 'created':
      console.log(`Created admin account ${result.user.email} in ${opened.location}.`);
      if (result.generatedPassword !== undefined) {
        console.log(
          `Generated password (shown only this once, store it now): ${result.generatedPassword}`,
        );
      }
      return;
    case 'exists':
      if (result.user.userType === 'admin') {
        // Nothing to promote; its password and name stay as they are.
        console.log(`${result.user.email} is already an admin; nothing was changed.`);
        return;
      }
      console.error(
        `\n${result.user.email} already has an account (${result.user.userType}); nothing was changed.\n` +
          'Anyone can sign up with any address, so it may not be yours. If it is, run again with\n' +
          '--promote-existing: it becomes an admin, all its sessions end, its password stops working,\n' +
          'and a password-reset link is mailed to the address.\n',
      );
      process.exitCode = 1;
      return;
    case 'suspended':
      console.error(
        `\n${result.user.email} is suspended, and an admin is never suspended; nothing was changed.\n` +
          'Restore it at /admin first if it should become an admin.\n',
      );
      process.exitCode = 1;
      return;
    case 'promoted':
      console.log(
        `${result.user.email} is now an admin${result.wasAdmin ? ' (it was one already)' : ''}. ` +
          `${result.sessionsEnded} session(s) ended; its old password no longer works.`,
      );
      console.log(await sendNow(deps.mailer, result.resetMailId, result.user.email, env.BASE_URL));
      if (args.password !== undefined || args.name !== undefined) {
        console.log(
          '--password and --name were not used: they are for a new account; the owner of the address sets the password through the link.',
        );
      }
      return;
  }
});
