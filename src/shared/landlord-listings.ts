/*
 * The landlord's listings page limits, shared by the API and the web app. No zod here: a page that
 * imports these must not load zod and the schemas with them (decisions 012, 063).
 */

export const LANDLORD_LISTINGS_MAX_PAGE_SIZE = 100;

/** `GET /api/landlord/listing-choices` answers at most this many (`total` says when there are more). */
export const LANDLORD_LISTING_CHOICES_MAX = 1000;
