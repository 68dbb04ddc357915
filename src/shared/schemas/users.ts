import { z } from 'zod';
import { NameSchema } from './auth.ts';

export const UpdateMeSchema = z.object({ name: NameSchema });
export type UpdateMeInput = z.infer<typeof UpdateMeSchema>;
