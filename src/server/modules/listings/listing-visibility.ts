import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/** `listings` or an alias of it. */
type ListingColumns = {
  status: AnyColumn<{ name: 'status'; data: string }>;
  landlordId: AnyColumn<{ name: 'landlordId'; data: string }>;
};

/*
 * Who sees a listing, the one rule (search, saved listings, messaging and the detail page all
 * follow it): an active listing is public; any other status only its landlord sees. Pass the
 * table, or its alias (`alias(listings, 'l')`), as the statement names it.
 */

/** Public: everyone may see it. */
export function publicListing(l: ListingColumns): SQL {
  return sql`${l.status} = 'active'`;
}

/** Public, or the viewer's own. */
export function visibleListing(l: ListingColumns, viewerId: string): SQL {
  return sql`(${publicListing(l)} or ${l.landlordId} = ${viewerId})`;
}

/** The same rule for a row already read. */
export function isListingPublic(row: { status: string }): boolean {
  return row.status === 'active';
}
