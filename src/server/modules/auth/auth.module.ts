import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../shared/schemas/auth.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppModule } from '../../lib/module.ts';
import { createAuthRoutes } from './auth.routes.ts';

/**
 * `/api/auth`: the better-auth endpoints Stoop uses (decision 019), before sessions are loaded
 * (the one route that needs the user loads it itself). The app loads sessions with
 * `loadSession` (auth/session.ts) for every router after these.
 */
export function authModule(deps: AppDeps): AppModule {
  return {
    api: [{ path: '/auth', routes: createAuthRoutes(deps), beforeSession: true }],
    openApi: [
      {
        method: 'post',
        path: '/api/auth/sign-up/email',
        summary: 'Create an account (renter or landlord) and sign in',
        tags: ['auth'],
        body: SignUpSchema,
      },
      {
        method: 'post',
        path: '/api/auth/sign-in/email',
        summary: 'Sign in with email and password',
        tags: ['auth'],
        body: SignInSchema,
      },
      { method: 'post', path: '/api/auth/sign-out', summary: 'Sign out', tags: ['auth'] },
      {
        method: 'post',
        path: '/api/auth/request-password-reset',
        summary: 'Mail a password reset link (same answer for unknown addresses)',
        tags: ['auth'],
        body: ForgotPasswordSchema,
      },
      {
        method: 'post',
        path: '/api/auth/reset-password',
        summary: 'Set a new password with a reset token',
        tags: ['auth'],
        body: ResetPasswordSchema,
      },
      {
        method: 'post',
        path: '/api/auth/change-password',
        summary:
          'Change the password (current one required; wrong ones count toward the sign-in lockout); every other session is signed out',
        tags: ['auth'],
        body: ChangePasswordSchema,
        auth: true,
      },
    ],
  };
}
