import { z } from 'zod';
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  SIGN_UP_USER_TYPES,
  USER_TYPES,
} from '../constants.ts';
import { ERRORS } from '../errors.ts';
import { userText } from './user-text.ts';

export const EmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: ERRORS.INVALID_EMAIL.message }).max(254));

export const PasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: ERRORS.WEAK_PASSWORD.message })
  .max(MAX_PASSWORD_LENGTH, {
    error: `Password must be at most ${MAX_PASSWORD_LENGTH} characters.`,
  });

export const UserTypeSchema = z.enum(USER_TYPES);

const NAME_TOO_LONG = 'Name must be at most 100 characters.';
/** Stripped of tags like all user text (decision 022). */
export const NameSchema = userText(
  z.string().min(1, { error: 'Please enter your name.' }).max(100, { error: NAME_TOO_LONG }),
  { length: 100, error: NAME_TOO_LONG },
);

export const SignUpSchema = z.object({
  email: EmailSchema,
  password: PasswordSchema,
  name: NameSchema,
  userType: z.enum(SIGN_UP_USER_TYPES, { error: 'Please choose renter or landlord.' }),
});
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, { error: 'Please enter your password.' }).max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.infer<typeof SignInSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });

export const ResetPasswordSchema = z.object({
  token: z.string().min(1),
  newPassword: PasswordSchema,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string()
    .min(1, { error: 'Please enter your password.' })
    .max(MAX_PASSWORD_LENGTH),
  newPassword: PasswordSchema,
  /** Accepted for compatibility and ignored: the server always signs the other sessions out. */
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

export const MeUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  userType: UserTypeSchema,
});
export const MeResponseSchema = z.object({ user: MeUserSchema });
export type MeUser = z.infer<typeof MeUserSchema>;
/**
 * `GET /api/session`: who is signed in, `user: null` for a visitor (200 either way). Signed in,
 * `liveEventId` is the user's newest live event id when the answer was made: the web app opens its
 * live stream from there (`/api/events?lastEventId=`), so the queries it starts after this answer
 * miss nothing and need no refetch when the stream opens (decision 062).
 */
export const SessionResponseSchema = z.object({
  user: MeUserSchema.nullable(),
  liveEventId: z.number().int().nonnegative().optional(),
});

/**
 * better-auth's answers, as far as Stoop relies on them (/api/openapi.json): other fields pass.
 * The session token is taken out of the body: it travels only in the HttpOnly cookie.
 */
const AuthUserSchema = z.looseObject({ id: z.string(), email: z.string(), name: z.string() });
export const SignedInResponseSchema = z.looseObject({ user: AuthUserSchema });
export const AuthSuccessResponseSchema = z.looseObject({ success: z.boolean() });
export const AuthStatusResponseSchema = z.looseObject({ status: z.boolean() });
