import { z } from 'zod';
import { SearchFiltersSchema } from './listing-queries.ts';
import { ListingSummarySchema } from './listing-responses.ts';
import { userText } from './user-text.ts';

export { DAILY_DIGEST_HOUR, SAVED_SEARCHES_MAX } from '../saved-searches.ts';

/*
 * Saved searches and alerts (issue 16): `/api/saved-searches`, `/api/alerts/unsubscribe` and the
 * `alert.created` live event. A renter's own; anyone else's answers 404 'Saved search not found'.
 */

export const SAVED_SEARCH_ALERTS = ['instant', 'daily', 'off'] as const;
export type SavedSearchAlerts = (typeof SAVED_SEARCH_ALERTS)[number];
export const SAVED_SEARCH_NAME_MAX = 80;

const NAME_TOO_LONG = `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters.`;
export const SavedSearchNameSchema = userText(
  z
    .string()
    .min(1, { error: 'Name the search.' })
    .max(SAVED_SEARCH_NAME_MAX, { error: NAME_TOO_LONG }),
  { length: SAVED_SEARCH_NAME_MAX, error: NAME_TOO_LONG },
  'Name the search.',
);
export const SavedSearchAlertsSchema = z.enum(SAVED_SEARCH_ALERTS, {
  error: 'Alerts are instant, daily or off.',
});

export const SavedSearchIdParamSchema = z.object({
  id: z.uuid({ error: 'Invalid saved search ID format' }),
});

/** `POST /api/saved-searches` → 201 with the saved search (its `id` at the top level). */
export const CreateSavedSearchSchema = z.strictObject({
  name: SavedSearchNameSchema,
  query: SearchFiltersSchema,
  alerts: SavedSearchAlertsSchema.default('instant'),
});
export type CreateSavedSearchInput = z.infer<typeof CreateSavedSearchSchema>;

/**
 * `PATCH /api/saved-searches/{id}`: rename, change the search, the alerts, pause or resume;
 * `seen: true` marks every match so far as seen (the count of new matches goes to 0).
 */
export const UpdateSavedSearchSchema = z
  .strictObject({
    name: SavedSearchNameSchema,
    query: SearchFiltersSchema,
    alerts: SavedSearchAlertsSchema,
    paused: z.boolean({ error: 'Paused is true or false.' }),
    seen: z.literal(true, { error: 'Seen can only be true.' }),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to update.' });
export type UpdateSavedSearchInput = z.infer<typeof UpdateSavedSearchSchema>;

export const SavedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The filters as `GET /api/listings` parses them (bounds and polygon as numbers). */
  query: SearchFiltersSchema,
  alerts: SavedSearchAlertsSchema,
  paused: z.boolean(),
  /** Listings that started matching since the renter last looked (`seen`). */
  newMatches: z.number().int(),
  lastSeenAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchesSchema = z.object({ items: z.array(SavedSearchSchema) });

export const ALERT_KINDS = ['new_match', 'price_drop', 'rented'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** `GET /api/saved-searches/{id}/matches`: announced matches, newest first, keyset paged. */
export const SavedSearchMatchesQuerySchema = z.object({
  cursor: z.string().max(200, { error: 'Invalid cursor.' }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number.' })
    .int()
    .min(1, { error: 'Limit is at least 1.' })
    .max(50, { error: 'Limit is at most 50.' })
    .default(20),
});
export const SavedSearchMatchSchema = z.object({
  listing: ListingSummarySchema,
  /** The latest announcement about this listing for this search. */
  kind: z.enum(['new_match', 'price_drop']),
  announcedAt: z.string(),
  /** Announced after the renter last looked. */
  isNew: z.boolean(),
  /** For a price drop: the rent before it. */
  previousRentCents: z.number().int().nullable(),
});
export const SavedSearchMatchesSchema = z.object({
  items: z.array(SavedSearchMatchSchema),
  nextCursor: z.string().nullable(),
});

/**
 * One announcement (an alert): a saved search's new match or price drop, or a saved listing's
 * price drop or "rented". Sent live as `alert.created` and by mail (instant or in the digest).
 */
export const AlertSchema = z.object({
  id: z.uuid(),
  kind: z.enum(ALERT_KINDS),
  /** Null for a saved listing's alert. */
  savedSearch: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  listing: z.object({
    id: z.uuid(),
    title: z.string(),
    neighborhood: z.string().nullable(),
    rentCents: z.number().int().nullable(),
    bedrooms: z.number().int().nullable(),
  }),
  previousRentCents: z.number().int().nullable(),
  createdAt: z.string(),
});
export type Alert = z.infer<typeof AlertSchema>;

/**
 * `POST /api/alerts/unsubscribe` `{ token }` (no sign-in: the token is signed). A token names
 * one saved search (its alerts go off) or a user's saved-listing alerts. RFC 8058 one-click
 * posts `List-Unsubscribe=One-Click` as a form with `?token=` in the URL; both are accepted.
 * A forged or unknown token: 400 INVALID_TOKEN.
 */
export const UnsubscribeSchema = z.object({
  token: z.string({ error: 'This link is invalid or has expired.' }).min(1).max(500),
});
export const UnsubscribeResultSchema = z.object({
  unsubscribed: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('saved-search'), id: z.uuid(), name: z.string() }),
    z.object({ kind: z.literal('saved-listings') }),
  ]),
});
export type UnsubscribeResult = z.infer<typeof UnsubscribeResultSchema>;
