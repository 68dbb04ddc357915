import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import type { ModuleJobs } from '../../lib/jobs/jobs.ts';

const MailSendPayloadSchema = z.object({ mailId: z.uuid() });

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    /** Enqueued by the mailer with the stored mail's id (lib/mailer.ts). */
    'mail.send': z.infer<typeof MailSendPayloadSchema>;
  }
}

/** Delivers one stored mail; an SMTP failure throws, and the runner retries with backoff. */
export function mailJobs({ mailer }: AppDeps): ModuleJobs<'mail.send'> {
  return {
    tasks: {
      'mail.send': {
        payload: MailSendPayloadSchema,
        async run({ mailId }) {
          await mailer.deliver(mailId);
        },
      },
    },
  };
}
