import {
  AuthStatusResponseSchema,
  AuthSuccessResponseSchema,
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignedInResponseSchema,
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
        errors: ['EMAIL_IN_USE', 'INVALID_EMAIL', 'WEAK_PASSWORD'],
        summary: 'Create an account (renter or landlord) and sign in',
        response: SignedInResponseSchema,
        tags: ['auth'],
        body: SignUpSchema,
      },
      {
        method: 'post',
        path: '/api/auth/sign-in/email',
        errors: ['ACCOUNT_SUSPENDED', 'INVALID_CREDENTIALS', 'INVALID_EMAIL', 'RATE_LIMITED'],
        summary: 'Sign in with email and password',
        response: SignedInResponseSchema,
        tags: ['auth'],
        body: SignInSchema,
      },
      {
        method: 'post',
        path: '/api/auth/sign-out',
        summary: 'Sign out',
        response: AuthSuccessResponseSchema,
        tags: ['auth'],
      },
      {
        method: 'post',
        path: '/api/auth/request-password-reset',
        errors: ['INVALID_EMAIL', 'RATE_LIMITED'],
        summary: 'Mail a password reset link (same answer for unknown addresses)',
        response: AuthStatusResponseSchema,
        tags: ['auth'],
        body: ForgotPasswordSchema,
      },
      {
        method: 'post',
        path: '/api/auth/reset-password',
        errors: ['INVALID_TOKEN', 'WEAK_PASSWORD'],
        summary: 'Set a new password with a reset token',
        response: AuthStatusResponseSchema,
        tags: ['auth'],
        body: ResetPasswordSchema,
      },
      {
        method: 'post',
        path: '/api/auth/change-password',
        errors: ['INVALID_CREDENTIALS', 'RATE_LIMITED', 'WEAK_PASSWORD'],
        summary:
          'Change the password (current one required; wrong ones count toward the sign-in lockout); every other session is signed out',
        response: SignedInResponseSchema,
        tags: ['auth'],
        body: ChangePasswordSchema,
        auth: true,
      },
    ],
  };
}
