import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, signIn } from './server-process.ts';

/**
 * A signed-in user of a real server process over HTTP, and the maintenance CLIs run as an
 * operator runs them: for the backup and crash lifecycle tests and bench/crash.ts.
 */

export type LiveUser = { id: string; email: string; password: string; cookie: string };

export type LiveApi = {
  get(path: string): Promise<Response>;
  send(method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<Response>;
};

export function liveApi(baseUrl: string, cookie?: string, timeoutMs = 15_000): LiveApi {
  const headers = (extra: Record<string, string> = {}) => ({
    origin: baseUrl,
    ...(cookie ? { cookie } : {}),
    ...extra,
  });
  return {
    get: (p) =>
      fetch(`${baseUrl}${p}`, { headers: headers(), signal: AbortSignal.timeout(timeoutMs) }),
    send: (method, p, body) =>
      fetch(`${baseUrl}${p}`, {
        method,
        headers: headers(
          body instanceof FormData || body === undefined
            ? {}
            : { 'content-type': 'application/json' },
        ),
        body:
          body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      }),
  };
}

/** Signs up (better-auth's endpoint) and in; throws with the server's answer on failure. */
export async function signUp(
  baseUrl: string,
  kind: 'renter' | 'landlord',
  name = `Live ${kind}`,
): Promise<LiveUser> {
  const email = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@stoop.test`;
  const password = 'live-pass-1234';
  const res = await liveApi(baseUrl).send('POST', '/api/auth/sign-up/email', {
    email,
    password,
    name,
    userType: kind,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  const cookie = await signIn(baseUrl, email, password);
  const me = await liveApi(baseUrl, cookie).get('/api/me');
  if (me.status !== 200) throw new Error(`/api/me after sign-in: ${me.status}`);
  const { user } = (await me.json()) as { user: { id: string } };
  return { id: user.id, email, password, cookie };
}

/** Opens (or finds) the conversation between the two users; returns its id. */
export async function openConversation(
  baseUrl: string,
  from: LiveUser,
  to: LiveUser,
): Promise<string> {
  const res = await liveApi(baseUrl, from.cookie).send('POST', '/api/conversations', {
    participantId: to.id,
  });
  if (res.status !== 201 && res.status !== 200) {
    throw new Error(`open conversation: ${res.status} ${await res.text()}`);
  }
  const { conversation } = (await res.json()) as { conversation: { id: string } };
  return conversation.id;
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs `tsx scripts/<script>` with DATA_DIR (and nothing of the ambient DATABASE_URL). */
export function runCli(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'warn', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  // Vitest sets BASE_URL to '/' (Vite's base), which the server's env refuses.
  if (!env.BASE_URL) delete childEnv.BASE_URL;
  const child = spawn(
    path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join('scripts', script), ...args],
    { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) => {
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
