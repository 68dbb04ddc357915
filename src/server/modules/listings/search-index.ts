import { NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import { ListingColumns } from './search-index-columns.ts';
import {
  BOROUGH_CODES,
  hasFilters,
  keepFilterMatches,
  NEIGHBORHOOD_CODES,
  rentBounds,
  similarSlots,
} from './search-index-filters.ts';
import { clusterMatches } from './search-index-geo.ts';
import { lowerBound, PageHeap, SlotList } from './search-index-lists.ts';
import { SortOrders } from './search-index-orders.ts';
import { postingsFor, textCandidates } from './search-index-text.ts';
import type {
  Candidates,
  IndexFilter,
  IndexPage,
  IndexPins,
  IndexQuery,
  SearchDoc,
  SimilarQuery,
} from './search-index-types.ts';

/**
 * The in-memory search index of active listings (docs/decisions/017): every filter as a typed
 * column, the full-text lexemes as posting lists (and bit sets when dense), and both sort
 * orders kept sorted. A search narrows a list of candidates with a branch-free pass per
 * filter (each over what the previous ones left, decision 044), marks and counts them, then
 * takes the page after the cursor by walking the sort order (many matches) or through a
 * bounded heap (few), so it never waits on PostgreSQL. No I/O here: listing-search.ts fills
 * and updates it. Its storage is the columns (search-index-columns.ts) and the sort orders
 * (search-index-orders.ts); this class keeps them and the slot lists in step.
 */

// The index's types, for its users: the sort and text terms, and those imported above.
export type { SortKey, TextTerm } from './search-index-types.ts';
export type { IndexFilter, IndexPage, IndexPins, IndexQuery, SearchDoc, SimilarQuery };

export class SearchIndex {
  private columns: ListingColumns;
  private orders: SortOrders;
  /** Slots per lexeme, ascending (slots only ever append); dead slots are skipped. */
  private postings = new Map<string, SlotList>();
  /** Slots by neighborhood and by borough code, dead ones too until compaction. */
  private byNeighborhood = new Map<number, SlotList>();
  private byBorough = new Map<number, SlotList>();
  private vocabulary: string[] | undefined;
  /** Live slots ascending, for searches with no area to start from; dropped on any change. */
  private liveAscending: Int32Array | undefined = undefined;
  /** Until sealed, adds skip the sort orders; sealing sorts them once. */
  private sealed = false;
  private scratch = {
    ok: new Uint8Array(0),
    textBits: new Uint32Array(0),
    termBits: new Uint32Array(0),
    candidates: { slots: new Int32Array(0), length: 0 } as Candidates,
  };

  constructor(capacity = 1024) {
    this.columns = new ListingColumns(capacity);
    this.orders = new SortOrders(this.columns);
  }

  /** Live listings. */
  get size() {
    return this.columns.size;
  }

  /** Adds a listing during a bulk load (ids must be new), before `seal()`. */
  add(doc: SearchDoc) {
    if (this.sealed) throw new Error('SearchIndex.add after seal: use upsert');
    this.append(doc);
  }

  /** Sorts the orders once after a bulk load; from now on every change keeps them sorted. */
  seal() {
    this.orders.sortAll(Array.from(this.columns.slotOf.values()));
    for (const list of this.postings.values()) list.index(this.columns.slots);
    this.sealed = true;
    this.orders.invalidateRanks();
    return this;
  }

  upsert(doc: SearchDoc) {
    this.remove(doc.id);
    this.orders.invalidateRanks();
    const slot = this.append(doc);
    if (!this.sealed) return;
    this.orders.insert(slot);
  }

  remove(id: string) {
    const slot = this.columns.kill(id);
    if (slot === undefined) return;
    this.liveAscending = undefined;
    this.orders.invalidateRanks();
    if (this.sealed) this.orders.remove(slot);
    const { dead, slots } = this.columns;
    if (dead > 4096 && dead * 4 > slots) this.compact();
  }

  search(query: IndexQuery): IndexPage {
    const { ok, okWords, total } = this.mark(query);
    if (total === 0) return { total, ids: [], next: null };

    // The page (and one more) by position in the sort order after the cursor. Many matches:
    // walk the order, about limit × listings / matches steps (never more than the listings).
    // Few: one pass over the matches keeps the first ones in a bounded heap.
    const { orders } = this;
    orders.ensureRanks();
    const descending = query.sort === 'price_desc';
    const order = query.sort === 'newest' ? orders.newest : orders.cheapest;
    const rank = query.sort === 'newest' ? orders.newestRank : orders.cheapestRank;
    const lastRank = order.length - 1;
    const from = query.after ? orders.firstAfter(query.sort, query.after) : 0;
    let slots: number[];
    if (total >= (query.limit + 1) * 8) {
      slots = [];
      for (let at = from; at <= lastRank && slots.length <= query.limit; at++) {
        const slot = order.data[descending ? lastRank - at : at] as number;
        if (ok[slot] === 1) slots.push(slot);
      }
    } else {
      const page = new PageHeap(query.limit + 1);
      for (let word = 0; word < okWords.length; word++) {
        if (okWords[word] === 0) continue; // four listings ruled out at once
        for (let s = word << 2, end = s + 4; s < end; s++) {
          if (ok[s] === 0) continue;
          const at = descending ? lastRank - (rank[s] as number) : (rank[s] as number);
          if (at >= from) page.offer(at, s);
        }
      }
      slots = page.sorted();
    }
    const more = slots.length > query.limit;
    if (more) slots.pop();
    const last = slots[slots.length - 1];
    return {
      total,
      ids: slots.map((slot) => this.columns.ids[slot] as string),
      next: more && last !== undefined ? orders.keyOf(query.sort, last) : null,
    };
  }

  /**
   * Marks the matches of every filter in `ok` (1: matches) and counts them. The candidates
   * start as the live listings with the words (or every live listing), and each filter given
   * keeps those that pass it (search-index-filters.ts): a pass costs what is left, not the
   * whole index.
   */
  private mark(query: IndexFilter) {
    const n = this.columns.slots;
    const { ok, okWords, candidates } = this.scratchFor(n);
    const { alive } = this.columns;
    if (query.terms.length > 0) {
      const words = () => (this.vocabulary ??= [...this.postings.keys()].sort());
      const lists = query.terms.map((term) => postingsFor(this.postings, words, term));
      textCandidates(candidates, alive, n, lists, this.scratch);
    } else if (!hasFilters(query)) {
      // Browsing: every live listing, as it is.
      ok.set(alive.subarray(0, n));
      ok.fill(0, n, okWords.length * 4);
      return { ok, okWords, total: this.size, n };
    } else {
      query = this.liveCandidates(candidates, query);
    }
    const { rent, bedrooms, bathrooms, available, amenities, lat, lng } = this.columns;
    const { neighborhood, borough, pets, laundry } = this.columns;
    const columns = { rent, bedrooms, bathrooms, available, amenities, lat, lng };
    keepFilterMatches(candidates, { ...columns, neighborhood, borough, pets, laundry }, query);
    ok.fill(0, 0, okWords.length * 4);
    const { slots, length: total } = candidates;
    for (let i = 0; i < total; i++) ok[slots[i] as number] = 1;
    return { ok, okWords, total, n };
  }

  /**
   * The live listings as candidates, narrowed in the same pass by the one filter that reads
   * fewest slots: the neighborhoods' or the boroughs' slot lists, the rent range in the
   * cheapest order, else a scan of every slot (with the map box when there is one). Returns
   * the query that is left to apply.
   */
  private liveCandidates(candidates: Candidates, query: IndexFilter): IndexFilter {
    const n = this.columns.slots;
    const { alive } = this.columns;
    const { cheapest } = this.orders;
    const { slots } = candidates;
    const hoods = areaLists(this.byNeighborhood, query.neighborhoods, NEIGHBORHOOD_CODES);
    const boroughs = areaLists(this.byBorough, query.boroughs, BOROUGH_CODES);
    const rent = rentBounds(query);
    let rentFrom = 0;
    let rentTo = n + 1; // never chosen unless computed
    if (rent && this.sealed) {
      const rents = this.columns.rent;
      rentFrom = lowerBound(cheapest, (s) => (rents[s] as number) < rent.min);
      // A range upside down (min above max) is empty, never a negative count.
      rentTo = Math.max(
        rentFrom,
        lowerBound(cheapest, (s) => (rents[s] as number) <= rent.max),
      );
    }
    const fewest = Math.min(hoods?.slots ?? n, boroughs?.slots ?? n, rentTo - rentFrom);
    if (fewest < n) {
      if (fewest === rentTo - rentFrom) {
        // The sort order holds live slots only.
        slots.set(cheapest.data.subarray(rentFrom, rentTo));
        candidates.length = rentTo - rentFrom;
        return { ...query, minRentCents: undefined, maxRentCents: undefined };
      }
      const area = fewest === hoods?.slots ? hoods : (boroughs as AreaLists);
      let kept = 0;
      for (const list of area.lists) {
        const { data, length } = list;
        for (let i = 0; i < length; i++) {
          const s = data[i] as number;
          slots[kept] = s;
          kept += alive[s] as number;
        }
      }
      candidates.length = kept;
      return area === hoods
        ? { ...query, neighborhoods: undefined }
        : { ...query, boroughs: undefined };
    }
    let kept = 0;
    if (query.bounds) {
      const [south, west, north, east] = query.bounds;
      const { lat, lng } = this.columns;
      for (let s = 0; s < n; s++) {
        const y = lat[s] as number;
        const x = lng[s] as number;
        slots[kept] = s;
        kept += (alive[s] as number) & +(y >= south) & +(y <= north) & +(x >= west) & +(x <= east);
      }
      candidates.length = kept;
      return { ...query, bounds: undefined };
    }
    // No area to start from: every live slot, ascending (a copy, made once per change).
    this.liveAscending ??= liveSlotsAscending(alive, n);
    slots.set(this.liveAscending);
    candidates.length = this.liveAscending.length;
    return query;
  }

  /** Every match's id, in no particular order (saved-search matching). */
  matchingIds(query: IndexFilter): string[] {
    const { ok, n } = this.mark(query);
    const ids: string[] = [];
    for (let s = 0; s < n; s++) if (ok[s] === 1) ids.push(this.columns.ids[s] as string);
    return ids;
  }

  /**
   * The map's markers for a search: up to `max` matches, each a pin, newest first; more,
   * their count on a grid over `query.bounds` (or their own extent) instead (search-index-geo).
   */
  pins(query: IndexFilter, max: number): IndexPins {
    const { ok, total, n } = this.mark(query);
    const { ids, rent, bedrooms, neighborhood, lat, lng } = this.columns;
    if (total > max)
      return { total, pins: [], clusters: clusterMatches(ok, n, lat, lng, query.bounds) };
    this.orders.ensureRanks();
    const { newestRank } = this.orders;
    const slots: number[] = [];
    for (let s = 0; s < n; s++) if (ok[s] === 1 && !Number.isNaN(lat[s])) slots.push(s);
    slots.sort((a, b) => (newestRank[a] as number) - (newestRank[b] as number));
    const pin = (s: number) => ({
      id: ids[s] as string,
      rentCents: rent[s] as number,
      bedrooms: bedrooms[s] as number,
      neighborhood: NEIGHBORHOODS[neighborhood[s] as number]?.slug ?? '',
    });
    const pins = slots.map((s) => ({ ...pin(s), lat: lat[s] as number, lng: lng[s] as number }));
    return { total, pins, clusters: [] };
  }

  /** Listings like one (SimilarQuery): closest rent first, then newest; few, so sorted here. */
  similar(query: SimilarQuery): string[] {
    const { alive, neighborhood, bedrooms, rent, slots } = this.columns;
    const found = similarSlots({ alive, neighborhood, bedrooms, rent }, slots, query);
    const gap = (s: number) => Math.abs((rent[s] as number) - query.rentCents);
    found.sort((a, b) => gap(a) - gap(b) || this.orders.compareNewest(a, b));
    const ids = found
      .map((s) => this.columns.ids[s] as string)
      .filter((id) => id !== query.excludeId);
    return ids.slice(0, query.limit);
  }

  /**
   * Working arrays reused by every search (searches run one at a time: they never await),
   * so a search allocates nothing in proportion to the index. `ok` is padded to whole words,
   * zeroed past `n`, for `okWords`.
   */
  private scratchFor(n: number) {
    const words = (n + 3) >> 2;
    if (this.scratch.ok.length < words * 4) {
      const size = Math.max(words * 4, (this.columns.capacity + 3) & ~3);
      const buffer = new ArrayBuffer(size);
      this.scratch = {
        ok: new Uint8Array(buffer),
        textBits: new Uint32Array((size + 31) >>> 5),
        termBits: new Uint32Array((size + 31) >>> 5),
        candidates: { slots: new Int32Array(size), length: 0 },
      };
    }
    const ok = this.scratch.ok;
    return {
      ok,
      okWords: new Uint32Array(ok.buffer, 0, words),
      candidates: this.scratch.candidates,
    };
  }

  private append(doc: SearchDoc): number {
    const slot = this.columns.append(doc);
    this.liveAscending = undefined;
    listOf(this.byNeighborhood, this.columns.neighborhood[slot] as number).push(slot);
    listOf(this.byBorough, this.columns.borough[slot] as number).push(slot);
    for (const lexeme of new Set(doc.lexemes)) {
      let list = this.postings.get(lexeme);
      if (!list) {
        list = new SlotList();
        this.postings.set(lexeme, list);
        this.vocabulary = undefined;
      }
      if (this.sealed) list.post(slot, this.columns.slots);
      else list.push(slot); // bit sets are made once, at seal()
    }
    return slot;
  }

  /** Rebuilds without dead slots (postings of removed listings otherwise only grow). */
  private compact() {
    const fresh = new SearchIndex(Math.max(1024, this.size));
    const lexemesOf = new Map<number, string[]>();
    for (const [lexeme, list] of this.postings) {
      for (let i = 0; i < list.length; i++) {
        const slot = list.data[i] as number;
        if (this.columns.alive[slot] === 0) continue;
        let lexemes = lexemesOf.get(slot);
        if (!lexemes) {
          lexemes = [];
          lexemesOf.set(slot, lexemes);
        }
        lexemes.push(lexeme);
      }
    }
    for (const slot of [...this.columns.slotOf.values()].sort((a, b) => a - b)) {
      fresh.add(this.columns.docAt(slot, lexemesOf.get(slot) ?? []));
    }
    fresh.seal();
    Object.assign(this, fresh);
  }
}

function listOf(lists: Map<number, SlotList>, code: number): SlotList {
  let list = lists.get(code);
  if (!list) {
    list = new SlotList();
    lists.set(code, list);
  }
  return list;
}

type AreaLists = { lists: SlotList[]; slots: number };

/** The slot lists of the wanted areas (unknown names have none), and how many slots they hold. */
function areaLists(
  lists: Map<number, SlotList>,
  wanted: readonly string[] | undefined,
  codes: Map<string, number>,
): AreaLists | undefined {
  if (!wanted?.length) return undefined;
  const found: SlotList[] = [];
  let slots = 0;
  for (const name of new Set(wanted)) {
    const code = codes.get(name);
    const list = code === undefined ? undefined : lists.get(code);
    if (!list) continue;
    found.push(list);
    slots += list.length;
  }
  return { lists: found, slots };
}

function liveSlotsAscending(alive: Uint8Array, n: number): Int32Array {
  const live = new Int32Array(n);
  let kept = 0;
  for (let s = 0; s < n; s++) {
    live[kept] = s;
    kept += alive[s] as number;
  }
  return live.slice(0, kept);
}
