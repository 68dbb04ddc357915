/**
 * How many fast-check runs an API property or fuzz test makes. The first API pass makes them all.
 * `npm test`'s second pass (Debian's PostgreSQL 15 on Node 24) sets STOOP_PROPERTY_RUNS_SHARE to
 * make a share of them: there the test checks the same property on another server and Node, and
 * the first pass has already searched the inputs (decision 057).
 */
export function propertyRuns(full: number, env = process.env): number {
  const share = Number(env.STOOP_PROPERTY_RUNS_SHARE ?? '1');
  if (!Number.isFinite(share) || share <= 0 || share > 1) return full;
  return Math.max(1, Math.round(full * share));
}
