import type { ListingPage, ListingSummary } from '../../../shared/schemas/listing-responses.ts';

/*
 * A search page's JSON, made from each listing's JSON bytes (decision 060). Serializing the page
 * was the largest single cost of a search (its 20 summaries, about 22 KB), and most summaries
 * are the very objects the page row cache keeps (search-page-rows.ts): their UTF-8 JSON is made
 * once, kept beside the object for as long as it lives, and the page is joined from those bytes
 * (no 22 KB string to build, measure and encode per answer). The bytes are JSON.stringify's own,
 * encoded as the answer's UTF-8 (listing-page-json.unit.test.ts holds them to it).
 */

/** A kept summary's JSON, by identity: kept objects are never changed (a change is a new row). */
const encoded = new WeakMap<ListingSummary, Buffer>();

export function summaryJson(summary: ListingSummary): Buffer {
  let bytes = encoded.get(summary);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(summary));
    encoded.set(summary, bytes);
  }
  return bytes;
}

const EMPTY_ITEMS = '{"items":[]';
const OPEN = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');

/** `JSON.stringify(page)` as UTF-8, with each item's bytes from `summaryJson`. */
export function listingPageJson(page: ListingPage): Buffer<ArrayBuffer> {
  // The rest of the page as JSON.stringify writes it (`items` stays first: the spread keeps
  // the order of keys); should `items` ever not come first, the whole page the plain way.
  const rest = JSON.stringify({ ...page, items: [] });
  if (!rest.startsWith(EMPTY_ITEMS)) return Buffer.from(JSON.stringify(page));
  const parts: Buffer[] = [OPEN];
  for (let i = 0; i < page.items.length; i += 1) {
    if (i > 0) parts.push(COMMA);
    parts.push(summaryJson(page.items[i] as ListingSummary));
  }
  // `]` and the rest: `],"total":…}`.
  parts.push(Buffer.from(`]${rest.slice(EMPTY_ITEMS.length)}`));
  return Buffer.concat(parts);
}
