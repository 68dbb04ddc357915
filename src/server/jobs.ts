import type { AppDeps } from './app-deps.ts';
import type { JobName, JobPayloads, JobSchedule, JobTask } from './lib/jobs/jobs.ts';
import { alertsJobs } from './modules/alerts/alerts.jobs.ts';
import { applicationsJobs } from './modules/applications/applications.jobs.ts';
import { billingJobs } from './modules/billing/billing.jobs.ts';
import { eventsJobs } from './modules/events/events.jobs.ts';
import { landlordProfileJobs } from './modules/landlord-profile/landlord-profile.jobs.ts';
import { listingsJobs } from './modules/listings/listings.jobs.ts';
import { mailJobs } from './modules/mail/mail.jobs.ts';
import { messagingJobs } from './modules/messaging/messaging.jobs.ts';
import { toursJobs } from './modules/tours/tours.jobs.ts';

/** Every job name has its handler: a name declared without one here does not compile. */
type AllTasks = { [N in JobName]: JobTask<JobPayloads[N]> };

/** The one registration list: each module's jobs, handed to the runner at start. */
export function appJobs(deps: AppDeps): { tasks: AllTasks; schedule: JobSchedule[] } {
  const events = eventsJobs(deps);
  const messaging = messagingJobs(deps);
  const listings = listingsJobs(deps);
  const mail = mailJobs(deps);
  const tours = toursJobs(deps);
  const billing = billingJobs(deps);
  const landlordProfile = landlordProfileJobs(deps);
  const alerts = alertsJobs(deps);
  const applications = applicationsJobs(deps);
  const tasks: AllTasks = {
    ...events.tasks,
    ...messaging.tasks,
    ...listings.tasks,
    ...mail.tasks,
    ...tours.tasks,
    ...billing.tasks,
    ...landlordProfile.tasks,
    ...alerts.tasks,
    ...applications.tasks,
  };
  const schedule: JobSchedule[] = [
    ...(events.schedule ?? []),
    ...(messaging.schedule ?? []),
    ...(listings.schedule ?? []),
    ...(mail.schedule ?? []),
    ...(billing.schedule ?? []),
    ...(landlordProfile.schedule ?? []),
    ...(alerts.schedule ?? []),
    ...(applications.schedule ?? []),
  ];
  return { tasks, schedule };
}
