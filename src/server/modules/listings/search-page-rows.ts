import type { ListingSummary } from '../../../shared/schemas/listing-responses.ts';

/** Rows kept at most; past it the oldest kept go first. About 1 KB each. */
const MAX_ROWS = 20_000;

/** A listing summary as the search page shows it, and what decides `featured` at answer time. */
export type PageRow = {
  /** `featured` in it is the staff flag alone; `featuredAt` adds the boosts running then. */
  summary: ListingSummary;
  /** Active boosts not yet over: [starts, ends) in epoch milliseconds, flattened. */
  boostWindows: number[];
  /**
   * The summary featured by a boost, made the first time one runs at answer time and kept with
   * the row: the same object every time, so its JSON is made once too (listing-page-json.ts).
   */
  boosted?: ListingSummary;
};

/** The summary as of `nowMs`: featured by staff, or by a boost running then. */
export function featuredAt(row: PageRow, nowMs: number): ListingSummary {
  const { summary, boostWindows } = row;
  if (summary.featured || boostWindows.length === 0) return summary;
  for (let i = 0; i + 1 < boostWindows.length; i += 2) {
    if ((boostWindows[i] as number) <= nowMs && nowMs < (boostWindows[i + 1] as number)) {
      row.boosted ??= { ...summary, featured: true };
      return row.boosted;
    }
  }
  return summary;
}

/**
 * The search page's listing rows, kept per instance (decision 045) so a search reads only the
 * rows it has not seen from PostgreSQL. Rows are exactly as of the listing change log's position
 * `seq`: ListingSearch forgets a listing when it applies a change to it, and a row read in a
 * snapshot at another position than the one applied is used once but never kept.
 */
export class PageRowCache {
  private readonly rows = new Map<string, PageRow>();

  constructor(private readonly maxRows = MAX_ROWS) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: string): PageRow | undefined {
    return this.rows.get(id);
  }

  /** Keeps rows read in a snapshot at log position `readAt`, if that is `appliedSeq`. */
  keep(rows: Iterable<[string, PageRow]>, readAt: number, appliedSeq: number) {
    if (readAt !== appliedSeq) return;
    for (const [id, row] of rows) {
      this.rows.delete(id); // re-inserted last: the oldest kept go first
      this.rows.set(id, row);
    }
    for (const id of this.rows.keys()) {
      if (this.rows.size <= this.maxRows) break;
      this.rows.delete(id);
    }
  }

  forget(ids: Iterable<string>) {
    for (const id of ids) this.rows.delete(id);
  }

  clear() {
    this.rows.clear();
  }
}
