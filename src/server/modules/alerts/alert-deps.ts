import type { AppDeps } from '../../app-deps.ts';
import type { Logger } from '../../lib/logger.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { EventsCtx } from '../events/events.service.ts';
import type { MatchCtx } from './alert-matching.ts';

/** What the alerts scan, the digest and the unsubscribe endpoint work with. */
export type AlertDeps = MatchCtx &
  EventsCtx & { mailer: Mailer; logger: Logger; baseUrl: string; secret: string };

export function alertDeps(deps: AppDeps): AlertDeps {
  return {
    db: deps.database.db,
    listingSearch: deps.listingSearch,
    events: deps.events,
    mailer: deps.mailer,
    logger: deps.logger,
    baseUrl: deps.env.BASE_URL,
    secret: deps.auth.options.secret,
  };
}
