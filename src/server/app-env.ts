import type { RequestIdVariables } from 'hono/request-id';
import type { SessionUser } from './auth/auth.ts';
import type { Logger } from './lib/logger.ts';

/** Hono's context variables, typed once for every route. */
export type AppEnv = {
  Variables: RequestIdVariables & {
    logger: Logger;
    user: SessionUser | null;
    sessionId: string | null;
    /** The peer's address from the socket (absent under app.request() in tests). */
    clientIp: string | undefined;
  };
};
