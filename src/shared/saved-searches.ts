/*
 * Saved-search limits, shared by the API and the web app. No zod here: a page that imports these
 * must not load zod and the schemas with them (decisions 012, 063).
 */

/** The daily digest goes out at this hour, New York time. */
export const DAILY_DIGEST_HOUR = 8;

/** A renter keeps at most this many saved searches. */
export const SAVED_SEARCHES_MAX = 25;
