import { z } from 'zod';
import {
  SavedSearchesSchema,
  SavedSearchMatchesSchema,
  SavedSearchSchema,
  UnsubscribeResultSchema,
} from '../../../../shared/schemas/saved-searches.ts';

/*
 * The saved-search answers checked by the shared schemas. Imported only dynamically, so zod loads
 * beside the first request and stays out of the search page's initial JS (decision 012).
 */
export const savedSearches = SavedSearchesSchema.parse;
export const matches = SavedSearchMatchesSchema.parse;
export const unsubscribeResult = UnsubscribeResultSchema.parse;
/** One saved search: the answer itself, or `{ savedSearch }`. */
export const savedSearch = z
  .union([SavedSearchSchema, z.object({ savedSearch: SavedSearchSchema })])
  .transform((data) => ('savedSearch' in data ? data.savedSearch : data)).parse;
