import type { AppDeps } from '../../app-deps.ts';
import { type ModuleJobs, type NoPayload, pruneTask } from '../../lib/jobs/jobs.ts';
import { pruneEvents } from './events.service.ts';

declare module '../../lib/jobs/jobs.ts' {
  interface JobPayloads {
    'events.prune': NoPayload;
  }
}

/** Hourly: events past the 7-day replay window go. */
export function eventsJobs({ database }: AppDeps): ModuleJobs<'events.prune'> {
  return {
    tasks: { 'events.prune': pruneTask('old events', () => pruneEvents(database.db)) },
    schedule: [{ task: 'events.prune', cron: '7 * * * *' }],
  };
}
