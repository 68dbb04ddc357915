import { z } from 'zod';
import { ERROR_CODES } from '../errors.ts';

export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES as [string, ...string[]]),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  requestId: z.string().optional(),
});
