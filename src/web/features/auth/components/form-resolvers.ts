import { zodResolver } from '@hookform/resolvers/zod';
import {
  ChangePasswordSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  SignUpSchema,
} from '../../../../shared/schemas/auth.ts';

/**
 * The forms' resolvers, built from the shared zod schemas. Loaded on demand through
 * `lazyResolver`, so zod stays out of the pages' initial JS.
 */
export const signInResolver = zodResolver(SignInSchema);
export const signUpResolver = zodResolver(SignUpSchema);
export const forgotPasswordResolver = zodResolver(ForgotPasswordSchema);
export const resetPasswordResolver = zodResolver(ResetPasswordSchema);
export const profileResolver = zodResolver(SignUpSchema.pick({ name: true }));
export const changePasswordResolver = zodResolver(
  ChangePasswordSchema.pick({ currentPassword: true, newPassword: true }),
);
