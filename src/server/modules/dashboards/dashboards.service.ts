import type { LandlordStats, RenterDashboard } from '../../../shared/schemas/billing.ts';
import type { UserCtx } from '../../lib/service.ts';
import type { MediaStorage } from '../../lib/storage.ts';
import {
  type DailyViewsCache,
  flushViews,
  landlordDailyFigures,
  landlordStatusCounts,
  sumFigures,
} from '../listings/landlord-listings.service.ts';
import { similarListings } from '../listings/listings.service.ts';
import { listConversations } from '../messaging/conversations.service.ts';
import { countUnread } from '../messaging/messages.service.ts';
import { listSavedListings } from '../saved-listings/saved-listings.service.ts';
import { landlordTourFigures, listTours, type ToursCtx } from '../tours/tours.service.ts';
import { currentPlanOf } from './plan-usage.ts';
import type { LandlordStatsCache } from './stats-cache.ts';

/** Days of daily figures on the landlord dashboard (its charts show the last 7 and 30). */
export const STATS_DAYS = 30;

/**
 * `GET /api/landlord/stats`: every figure of the landlord dashboard, each from the module that
 * owns it (listings, tours, messaging, billing), read in parallel.
 */
export async function landlordStats({
  ctx,
}: {
  ctx: UserCtx<{ viewsCache: DailyViewsCache; statsCache?: LandlordStatsCache }>;
}): Promise<LandlordStats> {
  const { statsCache, user } = ctx;
  // Views buffered here are written first; once their event's echo is heard, the cache has
  // forgotten the landlords they moved (and will not forget again after the answer below).
  if ((await flushViews(ctx.db)) && statsCache) await statsCache.settle();
  const cached = statsCache?.get(user.id);
  if (cached) return cached;
  const token = statsCache?.begin(user.id) ?? 0;
  const stats = await readLandlordStats(ctx);
  statsCache?.set(user.id, token, stats);
  return stats;
}

async function readLandlordStats(
  ctx: UserCtx<{ viewsCache: DailyViewsCache }>,
): Promise<LandlordStats> {
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

/** How much of each part the renter dashboard shows (each links to its full page). */
const RENTER_SAVED_SHOWN = 6;
const RENTER_TOURS_SHOWN = 5;
const RENTER_CONVERSATIONS_SHOWN = 5;
const SIMILAR_SHOWN = 6;
/** Similar listings are looked for around the latest saves only. */
const SIMILAR_FROM_SAVES = 20;

/**
 * `GET /api/renter/dashboard`: saved listings (price drops and listings gone off the market
 * counted), tours ahead, recent conversations with unread counts, and active listings like the
 * saved ones; each part from the module that owns it.
 */
export async function renterDashboard({
  ctx,
}: {
  ctx: UserCtx<{ storage: MediaStorage; coverUrl: ToursCtx['coverUrl'] }>;
}): Promise<RenterDashboard> {
  const [saved, tours, conversations, unread] = await Promise.all([
    listSavedListings({ ctx }),
    listTours({ ctx, input: { scope: 'upcoming' } }),
    listConversations({ ctx, input: { sort: 'newest', limit: RENTER_CONVERSATIONS_SHOWN } }),
    countUnread({ ctx }),
  ]);
  const similar = await similarListings({
    ctx,
    input: {
      like: saved.items.slice(0, SIMILAR_FROM_SAVES).map((item) => item.listing),
      exclude: saved.items.map((item) => item.listingId),
      limit: SIMILAR_SHOWN,
    },
  });
  const priceDrops = saved.items.filter(
    (item) =>
      item.available &&
      item.savedRentCents !== null &&
      item.listing.rentCents !== null &&
      item.listing.rentCents < item.savedRentCents,
  ).length;
  return {
    saved: {
      total: saved.items.length,
      items: saved.items.slice(0, RENTER_SAVED_SHOWN),
      priceDrops,
      noLongerAvailable: saved.items.filter((item) => !item.available).length,
    },
    upcomingTours: tours.items.slice(0, RENTER_TOURS_SHOWN),
    conversations: {
      unreadTotal: unread.total,
      items: conversations.items,
    },
    similar,
  };
}
