/** The messaging benchmark's HTTP client: keep-alive requests and Stoop's session cookie. */
import http from 'node:http';

const SESSION_COOKIE = 'stoop.session_token';

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

/** Requests sent again after the server closed an idle keep-alive socket as we reused it. */
let staleSocketRetries = 0;
export const staleSocketRetryCount = () => staleSocketRetries;

/**
 * One request. A keep-alive socket the server closed just as we reused it (ECONNRESET on a
 * reused socket) is retried once, as Node's docs advise; sends carry an idempotency key, so a
 * retry cannot duplicate a message.
 */
export async function request(
  base: URL,
  agent: http.Agent,
  method: string,
  urlPath: string,
  options: { cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  try {
    return await requestOnce(base, agent, method, urlPath, options);
  } catch (error) {
    const stale = (error as { staleSocket?: boolean }).staleSocket === true;
    if (!stale) throw error;
    staleSocketRetries += 1;
    return requestOnce(base, agent, method, urlPath, options);
  }
}

function requestOnce(
  base: URL,
  agent: http.Agent,
  method: string,
  urlPath: string,
  options: { cookie?: string; body?: unknown },
): Promise<Answer> {
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path: urlPath,
        agent,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(body === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
                origin: base.origin,
              }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNRESET' && req.reusedSocket) {
        Object.assign(error, { staleSocket: true });
      }
      reject(error);
    });
    req.setTimeout(60_000, () => req.destroy(new Error(`${method} ${urlPath} timed out`)));
    req.end(body);
  });
}

/** The session cookie (`name=value`) a sign-up or sign-in answer sets. */
export function sessionCookie(answer: Answer): string {
  const pair = (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0] ?? '')
    .find((p) => p.startsWith(`${SESSION_COOKIE}=`) && p.length > SESSION_COOKIE.length + 1);
  if (!pair) throw new Error(`no session cookie in the answer (${answer.status}): ${answer.text}`);
  return pair;
}

/** The session token a cookie carries (better-auth signs it as `token.signature`). */
export function cookieToken(cookie: string): string {
  return decodeURIComponent(cookie.slice(SESSION_COOKIE.length + 1)).split('.')[0] ?? '';
}
