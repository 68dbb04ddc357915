import type { MiddlewareHandler } from 'hono';
import type { UserType } from '../../shared/constants.ts';
import type { AppEnv } from '../app-env.ts';
import { AppError } from '../lib/app-error.ts';
import type { Auth } from './auth.ts';

/** Resolves the session cookie (if any) once per request into `c.var.user`. */
export function loadSession(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    if (c.req.header('cookie')?.includes('stoop.session_token')) {
      const session = await auth.api.getSession({ headers: c.req.raw.headers });
      if (session) {
        const { id, email, name, userType } = session.user as typeof session.user & {
          userType: UserType;
        };
        c.set('user', { id, email, name, userType });
        c.set('sessionId', session.session.id);
      }
    }
    await next();
  };
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHENTICATED');
  await next();
};

export function requireRole(...roles: UserType[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.var.user;
    if (!user) throw new AppError('UNAUTHENTICATED');
    if (!roles.includes(user.userType)) throw new AppError('FORBIDDEN');
    await next();
  };
}

/** The signed-in user in a handler behind `requireUser`. */
export function currentUser(c: { var: AppEnv['Variables'] }) {
  const user = c.var.user;
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}
