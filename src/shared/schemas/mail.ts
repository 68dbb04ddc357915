import { z } from 'zod';

export const OutboxMailSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Extra headers it was sent with (List-Unsubscribe, issue 16). */
  headers: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});
export const MailboxResponseSchema = z.object({ items: z.array(OutboxMailSchema) });
export type OutboxMailDto = z.infer<typeof OutboxMailSchema>;
