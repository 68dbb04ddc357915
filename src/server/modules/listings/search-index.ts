import { AMENITY_SLUGS, LAUNDRY, PETS, type SearchSort } from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import {
  AMENITY_BITS,
  AMENITY_WORDS,
  BOROUGH_CODES,
  hasFilters,
  keepFilterMatches,
  LAUNDRY_CODES,
  NEIGHBORHOOD_CODES,
  NEVER_AVAILABLE,
  NOT_LISTED,
  PET_CODES,
  rentBounds,
  similarSlots,
} from './search-index-filters.ts';
import { clusterMatches } from './search-index-geo.ts';
import { compareIds, lowerBound, PageHeap, SlotList } from './search-index-lists.ts';
import { postingsFor, textCandidates } from './search-index-text.ts';
import type {
  Candidates,
  IndexFilter,
  IndexPage,
  IndexPins,
  IndexQuery,
  SearchDoc,
  SimilarQuery,
  SortKey,
} from './search-index-types.ts';

/**
 * The in-memory search index of active listings (docs/decisions/017): every filter as a typed
 * column, the full-text lexemes as posting lists (and bit sets when dense), and both sort
 * orders kept sorted. A search narrows a list of candidates with a branch-free pass per
 * filter (each over what the previous ones left, decision 044), marks and counts them, then
 * takes the page after the cursor by walking the sort order (many matches) or through a
 * bounded heap (few), so it never waits on PostgreSQL. No I/O here:
 * listing-search.ts fills and updates it.
 */

export type {
  IndexFilter,
  IndexPage,
  IndexPins,
  IndexQuery,
  SearchDoc,
  SimilarQuery,
  SortKey,
  TextTerm,
} from './search-index-types.ts';

export class SearchIndex {
  private capacity: number;
  /** Slots in use, live or dead; a listing's slot never moves until compaction. */
  private slots = 0;
  private dead = 0;
  private ids: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private alive: Uint8Array;
  private published: Float64Array;
  private rent: Int32Array;
  private bedrooms: Int16Array;
  private bathrooms: Float64Array;
  private neighborhood: Uint16Array;
  private borough: Uint8Array;
  private pets: Uint8Array;
  private laundry: Uint8Array;
  private available: Int32Array;
  private amenities: Uint32Array;
  /** The public map position (NaN: none). */
  private lat: Float64Array;
  private lng: Float64Array;
  /** Slots per lexeme, ascending (slots only ever append); dead slots are skipped. */
  private postings = new Map<string, SlotList>();
  /** Slots by neighborhood and by borough code, dead ones too until compaction. */
  private byNeighborhood = new Map<number, SlotList>();
  private byBorough = new Map<number, SlotList>();
  private vocabulary: string[] | undefined;
  /** Live slots, newest first (published desc, id desc). */
  private newest = new SlotList();
  /** Live slots, cheapest first (rent asc, id asc); read backwards for price_desc. */
  private cheapest = new SlotList();
  /** Live slots ascending, for searches with no area to start from; dropped on any change. */
  private liveAscending: Int32Array | undefined = undefined;
  /** Until sealed, adds skip the sort orders; sealing sorts them once. */
  private sealed = false;
  private newestRank = new Int32Array(0);
  private cheapestRank = new Int32Array(0);
  private ranksValid = false;
  private scratch = {
    ok: new Uint8Array(0),
    textBits: new Uint32Array(0),
    termBits: new Uint32Array(0),
    candidates: { slots: new Int32Array(0), length: 0 } as Candidates,
  };

  constructor(capacity = 1024) {
    this.capacity = capacity;
    this.alive = new Uint8Array(capacity);
    this.published = new Float64Array(capacity);
    this.rent = new Int32Array(capacity);
    this.bedrooms = new Int16Array(capacity);
    this.bathrooms = new Float64Array(capacity);
    this.neighborhood = new Uint16Array(capacity);
    this.borough = new Uint8Array(capacity);
    this.pets = new Uint8Array(capacity);
    this.laundry = new Uint8Array(capacity);
    this.available = new Int32Array(capacity);
    this.amenities = new Uint32Array(capacity * AMENITY_WORDS);
    this.lat = new Float64Array(capacity);
    this.lng = new Float64Array(capacity);
  }

  /** Live listings. */
  get size() {
    return this.slots - this.dead;
  }

  /** Adds a listing during a bulk load (ids must be new), before `seal()`. */
  add(doc: SearchDoc) {
    if (this.sealed) throw new Error('SearchIndex.add after seal: use upsert');
    this.append(doc);
  }

  /** Sorts the orders once after a bulk load; from now on every change keeps them sorted. */
  seal() {
    const live = Array.from(this.slotOf.values());
    live.sort((a, b) => this.compareNewest(a, b));
    this.newest = SlotList.of(live);
    live.sort((a, b) => this.compareCheapest(a, b));
    this.cheapest = SlotList.of(live);
    for (const list of this.postings.values()) list.index(this.slots);
    this.sealed = true;
    this.ranksValid = false;
    return this;
  }

  upsert(doc: SearchDoc) {
    this.remove(doc.id);
    this.ranksValid = false;
    const slot = this.append(doc);
    if (!this.sealed) return;
    this.newest.insertAt(this.position('newest', slot), slot);
    this.cheapest.insertAt(this.position('cheapest', slot), slot);
  }

  remove(id: string) {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.liveAscending = undefined;
    this.dead++;
    this.ranksValid = false;
    if (this.sealed) {
      this.newest.removeAt(this.position('newest', slot));
      this.cheapest.removeAt(this.position('cheapest', slot));
    }
    if (this.dead > 4096 && this.dead * 4 > this.slots) this.compact();
  }

  search(query: IndexQuery): IndexPage {
    const { ok, okWords, total } = this.mark(query);
    if (total === 0) return { total, ids: [], next: null };

    // The page (and one more) by position in the sort order after the cursor. Many matches:
    // walk the order, about limit × listings / matches steps (never more than the listings).
    // Few: one pass over the matches keeps the first ones in a bounded heap.
    this.ensureRanks();
    const descending = query.sort === 'price_desc';
    const order = query.sort === 'newest' ? this.newest : this.cheapest;
    const rank = query.sort === 'newest' ? this.newestRank : this.cheapestRank;
    const lastRank = order.length - 1;
    const from = query.after ? this.firstAfter(query.sort, query.after) : 0;
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
      ids: slots.map((slot) => this.ids[slot] as string),
      next: more && last !== undefined ? this.keyOf(query.sort, last) : null,
    };
  }

  /**
   * Marks the matches of every filter in `ok` (1: matches) and counts them. The candidates
   * start as the live listings with the words (or every live listing), and each filter given
   * keeps those that pass it (search-index-filters.ts): a pass costs what is left, not the
   * whole index.
   */
  private mark(query: IndexFilter) {
    const n = this.slots;
    const { ok, okWords, candidates } = this.scratchFor(n);
    const { alive } = this;
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
    const { rent, bedrooms, bathrooms, available, amenities, lat, lng } = this;
    const { neighborhood, borough, pets, laundry } = this;
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
    const n = this.slots;
    const { alive } = this;
    const { slots } = candidates;
    const hoods = areaLists(this.byNeighborhood, query.neighborhoods, NEIGHBORHOOD_CODES);
    const boroughs = areaLists(this.byBorough, query.boroughs, BOROUGH_CODES);
    const rent = rentBounds(query);
    let rentFrom = 0;
    let rentTo = n + 1; // never chosen unless computed
    if (rent && this.sealed) {
      rentFrom = lowerBound(this.cheapest, (s) => (this.rent[s] as number) < rent.min);
      // A range upside down (min above max) is empty, never a negative count.
      rentTo = Math.max(
        rentFrom,
        lowerBound(this.cheapest, (s) => (this.rent[s] as number) <= rent.max),
      );
    }
    const fewest = Math.min(hoods?.slots ?? n, boroughs?.slots ?? n, rentTo - rentFrom);
    if (fewest < n) {
      if (fewest === rentTo - rentFrom) {
        // The sort order holds live slots only.
        slots.set(this.cheapest.data.subarray(rentFrom, rentTo));
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
      const { lat, lng } = this;
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
    for (let s = 0; s < n; s++) if (ok[s] === 1) ids.push(this.ids[s] as string);
    return ids;
  }

  /**
   * The map's markers for a search: up to `max` matches, each a pin, newest first; more,
   * their count on a grid over `query.bounds` (or their own extent) instead (search-index-geo).
   */
  pins(query: IndexFilter, max: number): IndexPins {
    const { ok, total, n } = this.mark(query);
    const { lat, lng } = this;
    if (total > max)
      return { total, pins: [], clusters: clusterMatches(ok, n, lat, lng, query.bounds) };
    this.ensureRanks();
    const slots: number[] = [];
    for (let s = 0; s < n; s++) if (ok[s] === 1 && !Number.isNaN(lat[s])) slots.push(s);
    slots.sort((a, b) => (this.newestRank[a] as number) - (this.newestRank[b] as number));
    const pin = (s: number) => ({
      id: this.ids[s] as string,
      rentCents: this.rent[s] as number,
      bedrooms: this.bedrooms[s] as number,
      neighborhood: NEIGHBORHOODS[this.neighborhood[s] as number]?.slug ?? '',
    });
    const pins = slots.map((s) => ({ ...pin(s), lat: lat[s] as number, lng: lng[s] as number }));
    return { total, pins, clusters: [] };
  }

  /** Listings like one (SimilarQuery): closest rent first, then newest; few, so sorted here. */
  similar(query: SimilarQuery): string[] {
    const { alive, neighborhood, bedrooms, rent } = this;
    const found = similarSlots({ alive, neighborhood, bedrooms, rent }, this.slots, query);
    const gap = (s: number) => Math.abs((this.rent[s] as number) - query.rentCents);
    found.sort((a, b) => gap(a) - gap(b) || this.compareNewest(a, b));
    const ids = found.map((s) => this.ids[s] as string).filter((id) => id !== query.excludeId);
    return ids.slice(0, query.limit);
  }

  /** The first position after the cursor in `sort`'s order (price_desc: cheapest, reversed). */
  private firstAfter(sort: SearchSort, after: SortKey) {
    const compare = (slot: number) => this.compareToKey(sort, slot, after);
    if (sort === 'newest') return lowerBound(this.newest, (slot) => compare(slot) <= 0);
    if (sort === 'price_asc') return lowerBound(this.cheapest, (slot) => compare(slot) <= 0);
    const below = lowerBound(this.cheapest, (slot) => compare(slot) < 0);
    return this.cheapest.length - below;
  }

  /**
   * Working arrays reused by every search (searches run one at a time: they never await),
   * so a search allocates nothing in proportion to the index. `ok` is padded to whole words,
   * zeroed past `n`, for `okWords`.
   */
  private scratchFor(n: number) {
    const words = (n + 3) >> 2;
    if (this.scratch.ok.length < words * 4) {
      const size = Math.max(words * 4, (this.capacity + 3) & ~3);
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

  /** Each live slot's index in both orders, rebuilt on the first search after a change. */
  private ensureRanks() {
    if (this.ranksValid) return;
    if (this.newestRank.length < this.capacity) {
      this.newestRank = new Int32Array(this.capacity);
      this.cheapestRank = new Int32Array(this.capacity);
    }
    for (let i = 0; i < this.newest.length; i++) this.newestRank[this.newest.data[i] as number] = i;
    for (let i = 0; i < this.cheapest.length; i++) {
      this.cheapestRank[this.cheapest.data[i] as number] = i;
    }
    this.ranksValid = true;
  }

  private append(doc: SearchDoc): number {
    if (this.slots === this.capacity) this.resize(this.capacity * 2);
    const slot = this.slots++;
    this.ids[slot] = doc.id;
    this.slotOf.set(doc.id, slot);
    this.alive[slot] = 1;
    this.liveAscending = undefined;
    this.published[slot] = doc.publishedUs;
    this.rent[slot] = doc.rentCents;
    this.bedrooms[slot] = doc.bedrooms;
    this.bathrooms[slot] = doc.bathrooms;
    this.neighborhood[slot] = NEIGHBORHOOD_CODES.get(doc.neighborhood) ?? NOT_LISTED;
    this.borough[slot] = BOROUGH_CODES.get(doc.borough) ?? 31;
    listOf(this.byNeighborhood, this.neighborhood[slot] as number).push(slot);
    listOf(this.byBorough, this.borough[slot] as number).push(slot);
    this.pets[slot] = PET_CODES.get(doc.pets) ?? 31;
    this.laundry[slot] = LAUNDRY_CODES.get(doc.laundry) ?? 31;
    this.available[slot] = doc.availableFromDay ?? NEVER_AVAILABLE;
    this.lat[slot] = doc.lat ?? Number.NaN;
    this.lng[slot] = doc.lng ?? Number.NaN;
    for (let w = 0; w < AMENITY_WORDS; w++) this.amenities[slot * AMENITY_WORDS + w] = 0;
    for (const amenity of doc.amenities) {
      const bit = AMENITY_BITS.get(amenity);
      if (bit === undefined) continue;
      const at = slot * AMENITY_WORDS + (bit >> 5);
      this.amenities[at] = (this.amenities[at] as number) | (1 << (bit & 31));
    }
    for (const lexeme of new Set(doc.lexemes)) {
      let list = this.postings.get(lexeme);
      if (!list) {
        list = new SlotList();
        this.postings.set(lexeme, list);
        this.vocabulary = undefined;
      }
      if (this.sealed) list.post(slot, this.slots);
      else list.push(slot); // bit sets are made once, at seal()
    }
    return slot;
  }

  private resize(capacity: number) {
    const grow = <
      T extends Uint8Array | Uint16Array | Int16Array | Int32Array | Uint32Array | Float64Array,
    >(
      old: T,
      make: (n: number) => T,
      width = 1,
    ): T => {
      const next = make(capacity * width);
      next.set(old.subarray(0, Math.min(old.length, capacity * width)));
      return next;
    };
    this.alive = grow(this.alive, (n) => new Uint8Array(n));
    this.published = grow(this.published, (n) => new Float64Array(n));
    this.rent = grow(this.rent, (n) => new Int32Array(n));
    this.bedrooms = grow(this.bedrooms, (n) => new Int16Array(n));
    this.bathrooms = grow(this.bathrooms, (n) => new Float64Array(n));
    this.neighborhood = grow(this.neighborhood, (n) => new Uint16Array(n));
    this.borough = grow(this.borough, (n) => new Uint8Array(n));
    this.pets = grow(this.pets, (n) => new Uint8Array(n));
    this.laundry = grow(this.laundry, (n) => new Uint8Array(n));
    this.available = grow(this.available, (n) => new Int32Array(n));
    this.amenities = grow(this.amenities, (n) => new Uint32Array(n), AMENITY_WORDS);
    this.lat = grow(this.lat, (n) => new Float64Array(n));
    this.lng = grow(this.lng, (n) => new Float64Array(n));
    this.capacity = capacity;
  }

  /** Rebuilds without dead slots (postings of removed listings otherwise only grow). */
  private compact() {
    const fresh = new SearchIndex(Math.max(1024, this.size));
    const lexemesOf = new Map<number, string[]>();
    for (const [lexeme, list] of this.postings) {
      for (let i = 0; i < list.length; i++) {
        const slot = list.data[i] as number;
        if (this.alive[slot] === 0) continue;
        let lexemes = lexemesOf.get(slot);
        if (!lexemes) {
          lexemes = [];
          lexemesOf.set(slot, lexemes);
        }
        lexemes.push(lexeme);
      }
    }
    for (const slot of [...this.slotOf.values()].sort((a, b) => a - b)) {
      fresh.add(this.docAt(slot, lexemesOf.get(slot) ?? []));
    }
    fresh.seal();
    Object.assign(this, fresh);
  }

  private docAt(slot: number, lexemes: string[]): SearchDoc {
    const amenities = AMENITY_SLUGS.filter(
      (_, bit) =>
        ((this.amenities[slot * AMENITY_WORDS + (bit >> 5)] as number) & (1 << (bit & 31))) !== 0,
    );
    const available = this.available[slot] as number;
    return {
      id: this.ids[slot] as string,
      publishedUs: this.published[slot] as number,
      rentCents: this.rent[slot] as number,
      bedrooms: this.bedrooms[slot] as number,
      bathrooms: this.bathrooms[slot] as number,
      neighborhood: NEIGHBORHOODS[this.neighborhood[slot] as number]?.slug ?? '',
      borough: BOROUGHS[this.borough[slot] as number]?.slug ?? '',
      pets: PETS[this.pets[slot] as number] ?? '',
      laundry: LAUNDRY[this.laundry[slot] as number] ?? '',
      availableFromDay: available === NEVER_AVAILABLE ? null : available,
      amenities,
      lexemes,
      lat: Number.isNaN(this.lat[slot]) ? null : (this.lat[slot] as number),
      lng: Number.isNaN(this.lng[slot]) ? null : (this.lng[slot] as number),
    };
  }

  private keyOf(sort: SearchSort, slot: number): SortKey {
    const v = sort === 'newest' ? this.published[slot] : this.rent[slot];
    return { v: v as number, id: this.ids[slot] as string };
  }

  /** Where a live slot stands (or would stand) in one of the sort orders. */
  private position(which: 'newest' | 'cheapest', slot: number) {
    return which === 'newest'
      ? lowerBound(this.newest, (other) => this.compareNewest(other, slot) < 0)
      : lowerBound(this.cheapest, (other) => this.compareCheapest(other, slot) < 0);
  }

  private compareNewest(a: number, b: number) {
    return (
      (this.published[b] as number) - (this.published[a] as number) ||
      compareIds(this.ids[b] as string, this.ids[a] as string)
    );
  }

  private compareCheapest(a: number, b: number) {
    return (
      (this.rent[a] as number) - (this.rent[b] as number) ||
      compareIds(this.ids[a] as string, this.ids[b] as string)
    );
  }

  /** Where a slot stands against a cursor key in `sort`'s order: negative = before it. */
  private compareToKey(sort: SearchSort, slot: number, key: SortKey) {
    return sort === 'newest'
      ? key.v - (this.published[slot] as number) || compareIds(key.id, this.ids[slot] as string)
      : (this.rent[slot] as number) - key.v || compareIds(this.ids[slot] as string, key.id);
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
