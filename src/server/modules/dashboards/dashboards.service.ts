import type { LandlordStats } from '../../../shared/schemas/billing.ts';
import type { UserCtx } from '../../lib/service.ts';
import {
  type DailyViewsCache,
  landlordDailyFigures,
  landlordStatusCounts,
  sumFigures,
} from '../listings/landlord-listings.service.ts';
import { countUnread } from '../messaging/messages.service.ts';
import { landlordTourFigures } from '../tours/tours.service.ts';
import { currentPlanOf } from './plan-usage.ts';

/** Days of daily figures on the landlord dashboard (its charts show the last 7 and 30). */
export const STATS_DAYS = 30;

/**
 * `GET /api/landlord/stats`: every figure of the landlord dashboard, each from the module that
 * owns it (listings, tours, messaging, billing), read in parallel.
 */
export async function landlordStats({
  ctx,
}: {
  ctx: UserCtx<{ viewsCache: DailyViewsCache }>;
}): Promise<LandlordStats> {
  const [listings, daily, tourFigures, unread, plan] = await Promise.all([
    landlordStatusCounts({ ctx }),
    landlordDailyFigures({ ctx, input: { days: STATS_DAYS } }),
    landlordTourFigures({ ctx }),
    countUnread({ ctx }),
    currentPlanOf(ctx.db, ctx.user.id),
  ]);
  return {
    listings,
    daily,
    totals: { last7: sumFigures(daily.slice(-7)), last30: sumFigures(daily) },
    tours: tourFigures.tours,
    waitlist: tourFigures.waitlist,
    unreadMessages: unread.total,
    plan: { ...plan, activeListings: listings.active },
  };
}
