/*
 * The availability editor's checks (availability-draft.ts: the shared schemas, with zod), loaded
 * on the first save or added vacation rather than with the page: evaluating zod and the schemas
 * was the page's longest start-up task (decision 067).
 */
type Checks = typeof import('./availability-draft.ts');

let loaded: Checks | null = null;

/** The checks, loading them the first time. */
export async function loadAvailabilityChecks(): Promise<Checks> {
  loaded ??= await import('./availability-draft.ts');
  return loaded;
}

/** The checks if they have loaded already, else null. */
export function availabilityChecks(): Checks | null {
  return loaded;
}
