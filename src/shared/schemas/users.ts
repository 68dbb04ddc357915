import { z } from 'zod';
import { MAX_PASSWORD_LENGTH } from '../constants.ts';
import { NameSchema } from './auth.ts';

export const UpdateMeSchema = z.object({ name: NameSchema });
export type UpdateMeInput = z.infer<typeof UpdateMeSchema>;

/** `DELETE /api/me`: the account's current password confirms the deletion (decision 039). */
const ENTER_PASSWORD = 'Please enter your password.';
export const DeleteAccountSchema = z.object({
  password: z
    .string({ error: ENTER_PASSWORD })
    .min(1, { error: ENTER_PASSWORD })
    .max(MAX_PASSWORD_LENGTH),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** What deleting an admin answers when no other admin would be left (409). */
export const LAST_ADMIN_MESSAGE =
  'You are the only admin. Make another admin account first, then delete this one.';
