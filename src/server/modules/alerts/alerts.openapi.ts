import {
  CreateSavedSearchSchema,
  SavedSearchesSchema,
  SavedSearchMatchesSchema,
  SavedSearchSchema,
  UnsubscribeResultSchema,
  UnsubscribeSchema,
  UpdateSavedSearchSchema,
} from '../../../shared/schemas/saved-searches.ts';
import type { ApiOperation } from '../../lib/openapi.ts';

const tags = ['saved-searches'];

/** Saved searches and alerts in /api/openapi.json (issue 16, decision 036). */
export const alertsApiOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/saved-searches',
    errors: ['FORBIDDEN'],
    summary:
      "The renter's saved searches, newest first: { items }, each with newMatches (announced since lastSeenAt). Renters only (403 otherwise)",
    tags,
    response: SavedSearchesSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/saved-searches',
    success: [201],
    errors: ['FORBIDDEN', 'SAVED_SEARCH_LIMIT'],
    summary:
      'Save a search: 201 with the saved search. Listings matching now are the baseline (never announced); later matches are. At most 25 a renter (409 SAVED_SEARCH_LIMIT)',
    tags,
    body: CreateSavedSearchSchema,
    response: SavedSearchSchema,
    auth: true,
  },
  {
    method: 'patch',
    path: '/api/saved-searches/{id}',
    errors: ['FORBIDDEN', 'SAVED_SEARCH_NOT_FOUND'],
    summary:
      "Rename, change the query or the alerts (instant | daily | off), pause or resume, or seen: true (newMatches to 0). A listing already matched is never announced again. Unknown or not the caller's: 404 SAVED_SEARCH_NOT_FOUND",
    tags,
    body: UpdateSavedSearchSchema,
    response: SavedSearchSchema,
    auth: true,
  },
  {
    method: 'delete',
    path: '/api/saved-searches/{id}',
    success: [204],
    errors: ['FORBIDDEN', 'SAVED_SEARCH_NOT_FOUND'],
    summary: "Delete a saved search and its alerts (204). Unknown or not the caller's: 404",
    tags,
    auth: true,
  },
  {
    method: 'get',
    path: '/api/saved-searches/{id}/matches',
    errors: ['FORBIDDEN', 'SAVED_SEARCH_NOT_FOUND', 'VALIDATION_ERROR'],
    summary:
      'Announced matches still listed, newest announcement first, with isNew (after lastSeenAt). Query: cursor, limit (1-50, default 20)',
    tags,
    response: SavedSearchMatchesSchema,
    auth: true,
  },
  {
    method: 'post',
    path: '/api/alerts/unsubscribe',
    errors: ['INVALID_TOKEN'],
    summary:
      "No sign-in. JSON { token }, or RFC 8058 one-click (form List-Unsubscribe=One-Click, ?token= in the URL): turns off that saved search's alerts, or the user's saved-listing alerts. Forged or unknown token: 400 INVALID_TOKEN",
    tags: ['alerts'],
    body: UnsubscribeSchema,
    response: UnsubscribeResultSchema,
  },
  {
    method: 'get',
    path: '/api/alerts/unsubscribe',
    success: [303],
    summary:
      'The List-Unsubscribe address opened in a browser: 303 to the unsubscribe page (/alerts/unsubscribe?token=), which asks before turning anything off',
    tags: ['alerts'],
  },
];
