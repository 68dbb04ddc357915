import { applicationsLive } from '../features/applications/live/applications-live.ts';
import { applyLive } from '../features/apply/live/apply-live.ts';
import { billingLive } from '../features/billing/live/billing-live.ts';
import { dashboardsLive } from '../features/dashboards/live/dashboards-live.ts';
import { messagingLive } from '../features/messaging/live/apply-live-event.ts';
import { notesLive } from '../features/notes/live/notes-live.ts';
import { savedSearchesLive } from '../features/saved-searches/live/saved-searches-live.ts';
import { toursLive } from '../features/tours/live/tours-live.ts';
import type { LiveFeature } from '../lib/live/live-feature.ts';

/**
 * The features whose handlers run on the live stream: a feature with live events adds its one
 * line here (docs/architecture.md §5). Loaded with the stream's client, after the page.
 */
export const liveFeatures: readonly LiveFeature[] = [
  messagingLive,
  toursLive,
  billingLive,
  dashboardsLive,
  notesLive,
  savedSearchesLive,
  applyLive,
  applicationsLive,
];
