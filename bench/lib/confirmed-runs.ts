/**
 * A page's Lighthouse runs, a miss confirmed (decision 071): `runs` runs, and when those miss,
 * more until there are `confirmTo`, all of them judged together (the caller takes the median).
 * A page that meets its thresholds in its first runs is not measured again.
 */
export async function confirmedRuns<R>(options: {
  runs: number;
  confirmTo: number;
  measure: () => Promise<R>;
  /** Whether these runs, taken together, miss a threshold. */
  misses: (runs: readonly R[]) => boolean;
  /** Told before the extra runs start, with the runs so far. */
  onConfirming?: (runs: readonly R[]) => void;
}): Promise<R[]> {
  const runs: R[] = [];
  while (runs.length < options.runs) runs.push(await options.measure());
  if (runs.length < options.confirmTo && options.misses(runs)) {
    options.onConfirming?.(runs);
    while (runs.length < options.confirmTo) runs.push(await options.measure());
  }
  return runs;
}
