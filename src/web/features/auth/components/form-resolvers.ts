import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  ForgotPasswordSchema,
  PasswordSchema,
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
  z.object({
    currentPassword: z.string().min(1, { error: 'Please enter your password.' }),
    newPassword: PasswordSchema,
  }),
);
