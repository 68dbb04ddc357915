import type { RequestIdVariables } from 'hono/request-id';
import type { SessionUser } from './auth/auth.ts';
import type { Logger } from './lib/logger.ts';

/** Hono's context variables, typed once for every route. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    logger: Logger;
    user: SessionUser | null;
    sessionId: string | null;
    /**
     * The client's address: the socket's peer, or the client named in X-Forwarded-For as far as
     * TRUST_PROXY's proxies vouch for it (absent under app.request() in tests).
     */
    clientIp: string | undefined;
    /** The trusted proxies the request came through, nearest first (empty when direct). */
    clientProxies: string[];
    /** Set by `awaitNoticesAfterWrite`: the write answers after one `events.sync()`. */
    awaitNotices?: true;
  };
};
