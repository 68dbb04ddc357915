import { z } from 'zod';

export const HealthResponseSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  db: z.enum(['ok', 'down']),
  /**
   * The job runner: `ok` running; `starting` not yet running or restarting after a fault;
   * `failing` running but its database calls fail (it keeps retrying); `stopped` shut down.
   * Always sent; optional for clients that read only status and db (the start-up gate).
   */
  jobs: z
    .enum(['ok', 'starting', 'failing', 'stopped'])
    .optional()
    .meta({ description: 'Job runner state: ok, starting, failing or stopped.' }),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
