/**
 * A list in a query string, written comma-separated (`amenities=gym,doorman`, `bounds=…`): read
 * by the /search address codec (search-url.ts) and by the query schemas that check it
 * (schemas/listing-queries.ts), which is why it lives in neither.
 */

/** The parts of a comma-separated value ("gym, doorman" -> ["gym", "doorman"]). */
export function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
