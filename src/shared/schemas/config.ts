import { z } from 'zod';

/** `GET /api/config`: public settings the browser needs. No secrets. */
export const PublicConfigSchema = z.object({
  chatbot: z
    .object({
      injectScriptUrl: z.string(),
      botScriptUrl: z.string(),
      clientId: z.string(),
      botId: z.string().optional(),
    })
    .nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
