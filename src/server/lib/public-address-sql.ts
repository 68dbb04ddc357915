import { type SQL, sql } from 'drizzle-orm';
import { HOUSE_NUMBER } from '../../shared/map-position.ts';

/*
 * `publicAddress` (src/shared/map-position.ts) in SQL, for the statements that must match only
 * what the public is shown of an address: conversation search and the listing search index
 * (issue 26). One pattern: the shared one, translated here once.
 */

/**
 * The house number as a PostgreSQL regular expression: the same pattern, with JavaScript's word
 * boundary `\b` spelled `\y` (in PostgreSQL `\b` is a backspace).
 */
export const HOUSE_NUMBER_SQL = HOUSE_NUMBER.source.replaceAll('\\b', '\\y');

/**
 * `address` without its house number, as `publicAddress(address, false)` gives it ('' where it
 * gives null, null for null).
 */
export function streetWithoutNumber(address: SQL): SQL {
  return sql`btrim(regexp_replace(${address}, ${HOUSE_NUMBER_SQL}, '', 'i'))`;
}
