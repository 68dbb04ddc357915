import type { SearchSort } from '../../../shared/listings.ts';
import type { ListingColumns } from './search-index-columns.ts';
import { compareIds, lowerBound, SlotList } from './search-index-lists.ts';
import type { SortKey } from './search-index-types.ts';

/**
 * The search index's two sort orders (search-index.ts), kept sorted as listings come and go,
 * each slot's rank in them for paging through matches, and where a cursor falls in them.
 */
export class SortOrders {
  /** Live slots, newest first (published desc, id desc). */
  newest = new SlotList();
  /** Live slots, cheapest first (rent asc, id asc); read backwards for price_desc. */
  cheapest = new SlotList();
  newestRank = new Int32Array(0);
  cheapestRank = new Int32Array(0);
  private ranksValid = false;

  constructor(private readonly columns: ListingColumns) {}

  /** Sorts `live` slots into both orders at once (after a bulk load). */
  sortAll(live: number[]) {
    live.sort((a, b) => this.compareNewest(a, b));
    this.newest = SlotList.of(live);
    live.sort((a, b) => this.compareCheapest(a, b));
    this.cheapest = SlotList.of(live);
  }

  /** Puts a live slot in its place in both orders. */
  insert(slot: number) {
    this.newest.insertAt(this.position('newest', slot), slot);
    this.cheapest.insertAt(this.position('cheapest', slot), slot);
  }

  /** Takes a slot out of both orders (its columns still hold what placed it). */
  remove(slot: number) {
    this.newest.removeAt(this.position('newest', slot));
    this.cheapest.removeAt(this.position('cheapest', slot));
  }

  /** The ranks are rebuilt on the next search. */
  invalidateRanks() {
    this.ranksValid = false;
  }

  /** Each live slot's index in both orders, rebuilt on the first search after a change. */
  ensureRanks() {
    if (this.ranksValid) return;
    const { capacity } = this.columns;
    if (this.newestRank.length < capacity) {
      this.newestRank = new Int32Array(capacity);
      this.cheapestRank = new Int32Array(capacity);
    }
    for (let i = 0; i < this.newest.length; i++) this.newestRank[this.newest.data[i] as number] = i;
    for (let i = 0; i < this.cheapest.length; i++) {
      this.cheapestRank[this.cheapest.data[i] as number] = i;
    }
    this.ranksValid = true;
  }

  /** The first position after the cursor in `sort`'s order (price_desc: cheapest, reversed). */
  firstAfter(sort: SearchSort, after: SortKey) {
    const compare = (slot: number) => this.compareToKey(sort, slot, after);
    if (sort === 'newest') return lowerBound(this.newest, (slot) => compare(slot) <= 0);
    if (sort === 'price_asc') return lowerBound(this.cheapest, (slot) => compare(slot) <= 0);
    const below = lowerBound(this.cheapest, (slot) => compare(slot) < 0);
    return this.cheapest.length - below;
  }

  /** The cursor a page that ends at `slot` hands on. */
  keyOf(sort: SearchSort, slot: number): SortKey {
    const { published, rent, ids } = this.columns;
    const v = sort === 'newest' ? published[slot] : rent[slot];
    return { v: v as number, id: ids[slot] as string };
  }

  compareNewest(a: number, b: number) {
    const { published, ids } = this.columns;
    return (
      (published[b] as number) - (published[a] as number) ||
      compareIds(ids[b] as string, ids[a] as string)
    );
  }

  private compareCheapest(a: number, b: number) {
    const { rent, ids } = this.columns;
    return (
      (rent[a] as number) - (rent[b] as number) || compareIds(ids[a] as string, ids[b] as string)
    );
  }

  /** Where a live slot stands (or would stand) in one of the sort orders. */
  private position(which: 'newest' | 'cheapest', slot: number) {
    return which === 'newest'
      ? lowerBound(this.newest, (other) => this.compareNewest(other, slot) < 0)
      : lowerBound(this.cheapest, (other) => this.compareCheapest(other, slot) < 0);
  }

  /** Where a slot stands against a cursor key in `sort`'s order: negative = before it. */
  private compareToKey(sort: SearchSort, slot: number, key: SortKey) {
    const { published, rent, ids } = this.columns;
    return sort === 'newest'
      ? key.v - (published[slot] as number) || compareIds(key.id, ids[slot] as string)
      : (rent[slot] as number) - key.v || compareIds(ids[slot] as string, key.id);
  }
}
