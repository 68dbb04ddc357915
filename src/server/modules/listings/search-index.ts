import {
  AMENITY_SLUGS,
  LAUNDRY,
  PETS,
  type PetKind,
  type SearchSort,
} from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';

/**
 * The in-memory search index of active listings (docs/decisions/017): every filter as a typed
 * column, the full-text lexemes as posting lists (and bit sets when dense), and both sort
 * orders kept sorted. A search marks its matches with a few branch-free passes over the
 * columns, counts them, then takes the page after the cursor by walking the sort order (many
 * matches) or through a bounded heap (few), so its cost stays within about two passes over
 * the listings whatever the filters, and it never waits on PostgreSQL. No I/O here:
 * listing-search.ts fills and updates it.
 */

/** One active listing as search sees it. */
export type SearchDoc = {
  id: string;
  /** Microseconds since the epoch, PostgreSQL's precision, so "newest" orders as it does. */
  publishedUs: number;
  rentCents: number;
  bedrooms: number;
  bathrooms: number;
  neighborhood: string;
  borough: string;
  pets: string;
  laundry: string;
  /** Days since 1970-01-01; null when not given (then no available-by search finds it). */
  availableFromDay: number | null;
  amenities: readonly string[];
  /** PostgreSQL's full-text lexemes of the listing (its search_vector). */
  lexemes: readonly string[];
};

/** A lexeme the listing must contain; `prefix`: any lexeme starting with it will do. */
export type TextTerm = { lexeme: string; prefix: boolean };

export type SortKey = { v: number; id: string };

export type IndexQuery = {
  /** Every term must match; none means no text condition. */
  terms: readonly TextTerm[];
  minRentCents?: number;
  maxRentCents?: number;
  minBedrooms?: number;
  minBathrooms?: number;
  amenities?: readonly string[];
  neighborhoods?: readonly string[];
  boroughs?: readonly string[];
  /** Each kind must be allowed (cats and dogs: both). */
  pets?: readonly PetKind[];
  laundry?: readonly string[];
  availableByDay?: number;
  sort: SearchSort;
  /** The sort key of the last listing of the previous page. */
  after?: SortKey;
  limit: number;
};

export type IndexPage = {
  total: number;
  ids: string[];
  /** The sort key of the page's last listing, when more follow. */
  next: SortKey | null;
};

const NOT_LISTED = 0xffff;
const INT32_MAX = 0x7fffffff;
const NEVER_AVAILABLE = INT32_MAX;
const clampInt = (value: number) => Math.min(INT32_MAX, Math.max(0, value));
const AMENITY_WORDS = Math.ceil(AMENITY_SLUGS.length / 32);

const codes = (values: readonly string[]) => new Map(values.map((v, i) => [v, i]));
const NEIGHBORHOOD_CODES = codes(NEIGHBORHOODS.map((n) => n.slug));
const BOROUGH_CODES = codes(BOROUGHS.map((b) => b.slug));
const PET_CODES = codes(PETS);
const LAUNDRY_CODES = codes(LAUNDRY);
const AMENITY_BITS = codes(AMENITY_SLUGS);

/** A growable list of slot numbers; a lexeme's postings also keep a bit set once dense. */
class SlotList {
  data = new Int32Array(8);
  length = 0;
  /** Bit `s` set when slot `s` is listed: kept once the list holds 1 slot in 32 or more. */
  bits: Uint32Array | undefined;

  push(slot: number) {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = slot;
  }

  /** Appends a posting, keeping the bit set (made when the list turns dense). */
  post(slot: number, slots: number) {
    this.push(slot);
    if (this.bits) this.set(slot);
    else if (this.length * 32 >= slots) this.index(slots);
  }

  /** Makes the bit set if the list is dense among `slots`, drops it if not. */
  index(slots: number) {
    this.bits = undefined;
    if (this.length * 32 < slots) return;
    this.bits = new Uint32Array((slots + 31) >>> 5);
    for (let i = 0; i < this.length; i++) this.set(this.data[i] as number);
  }

  private set(slot: number) {
    let bits = this.bits as Uint32Array;
    if (slot >>> 5 >= bits.length) {
      const grown = new Uint32Array(Math.max(bits.length * 2, (slot >>> 5) + 1));
      grown.set(bits);
      bits = grown;
      this.bits = grown;
    }
    bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
  }

  insertAt(index: number, slot: number) {
    if (this.length === this.data.length) this.grow();
    this.data.copyWithin(index + 1, index, this.length);
    this.data[index] = slot;
    this.length++;
  }

  removeAt(index: number) {
    this.data.copyWithin(index, index + 1, this.length);
    this.length--;
  }

  private grow() {
    const data = new Int32Array(this.data.length * 2);
    data.set(this.data);
    this.data = data;
  }
}

/** Allowed codes of a closed list as a bit mask; every code when the filter is unset. */
function mask(values: readonly string[] | undefined, known: Map<string, number>): number {
  if (!values?.length) return -1;
  let bits = 0;
  for (const value of values) {
    const code = known.get(value);
    if (code !== undefined) bits |= 1 << code;
  }
  return bits;
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

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
  /** Slots per lexeme, ascending (slots only ever append); dead slots are skipped. */
  private postings = new Map<string, SlotList>();
  private vocabulary: string[] | undefined;
  /** Live slots, newest first (published desc, id desc). */
  private newest = new SlotList();
  /** Live slots, cheapest first (rent asc, id asc); read backwards for price_desc. */
  private cheapest = new SlotList();
  /** Until sealed, adds skip the sort orders; sealing sorts them once. */
  private sealed = false;
  private newestRank = new Int32Array(0);
  private cheapestRank = new Int32Array(0);
  private ranksValid = false;
  private scratch = {
    ok: new Uint8Array(0),
    textBits: new Uint32Array(0),
    termBits: new Uint32Array(0),
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
    this.newest = this.listOf(live);
    live.sort((a, b) => this.compareCheapest(a, b));
    this.cheapest = this.listOf(live);
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
    this.dead++;
    this.ranksValid = false;
    if (this.sealed) {
      this.newest.removeAt(this.position('newest', slot));
      this.cheapest.removeAt(this.position('cheapest', slot));
    }
    if (this.dead > 4096 && this.dead * 4 > this.slots) this.compact();
  }

  search(query: IndexQuery): IndexPage {
    const n = this.slots;
    // A column at a time: each filter given clears the listings it rules out from `ok`. The
    // loops are branch-free (sign bits instead of ifs): a mispredicted branch per listing
    // costs more than the test.
    const { ok, okWords } = this.scratchFor(n);
    ok.set(this.alive.subarray(0, n));
    if (query.terms.length > 0) this.keepTextMatches(ok, n, query.terms);
    const { rent, bedrooms, bathrooms, available, amenities } = this;
    if (query.minRentCents !== undefined || query.maxRentCents !== undefined) {
      // Whole cents, within int32 so the sign-bit arithmetic holds.
      const min = clampInt(Math.ceil(query.minRentCents ?? 0));
      const max = clampInt(Math.floor(query.maxRentCents ?? INT32_MAX));
      for (let s = 0; s < n; s++) {
        const cents = rent[s] as number;
        ok[s] = (ok[s] as number) & ((((cents - min) | (max - cents)) >>> 31) ^ 1);
      }
    }
    if (query.minBedrooms !== undefined) {
      const min = clampInt(Math.ceil(query.minBedrooms));
      for (let s = 0; s < n; s++) {
        ok[s] = (ok[s] as number) & ((((bedrooms[s] as number) - min) >>> 31) ^ 1);
      }
    }
    if (query.minBathrooms !== undefined) {
      const min = query.minBathrooms;
      for (let s = 0; s < n; s++) {
        ok[s] = (ok[s] as number) & +((bathrooms[s] as number) >= min); // half steps
      }
    }
    if (query.availableByDay !== undefined) {
      const by = query.availableByDay;
      for (let s = 0; s < n; s++) {
        ok[s] = (ok[s] as number) & (((by - (available[s] as number)) >>> 31) ^ 1);
      }
    }
    keepCodes(ok, n, this.borough, mask(query.boroughs, BOROUGH_CODES));
    keepCodes(ok, n, this.laundry, mask(query.laundry, LAUNDRY_CODES));
    let pets = -1;
    for (const kind of new Set(query.pets ?? [])) pets &= mask([kind, 'cats_and_dogs'], PET_CODES);
    keepCodes(ok, n, this.pets, pets);
    if (query.neighborhoods?.length) {
      const wanted = new Uint8Array(NOT_LISTED + 1);
      for (const slug of query.neighborhoods) {
        const code = NEIGHBORHOOD_CODES.get(slug);
        if (code !== undefined) wanted[code] = 1;
      }
      const { neighborhood } = this;
      for (let s = 0; s < n; s++) {
        ok[s] = (ok[s] as number) & (wanted[neighborhood[s] as number] as number);
      }
    }
    const required = new Uint32Array(AMENITY_WORDS);
    for (const amenity of query.amenities ?? []) {
      const bit = AMENITY_BITS.get(amenity);
      if (bit === undefined) ok.fill(0);
      else required[bit >> 5] = (required[bit >> 5] as number) | (1 << (bit & 31));
    }
    for (let w = 0; w < AMENITY_WORDS; w++) {
      const need = required[w] as number;
      if (need === 0) continue;
      for (let s = 0; s < n; s++) {
        const missing = ((amenities[s * AMENITY_WORDS + w] as number) & need) ^ need;
        ok[s] = (ok[s] as number) & (((missing | -missing) >>> 31) ^ 1);
      }
    }

    // Count: each `ok` byte is 0 or 1, so one multiply adds up a word's four.
    let total = 0;
    for (let w = 0; w < okWords.length; w++) {
      total += Math.imul(okWords[w] as number, 0x01010101) >>> 24;
    }
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

  /** The first position after the cursor in `sort`'s order (price_desc: cheapest, reversed). */
  private firstAfter(sort: SearchSort, after: SortKey) {
    const compare = (slot: number) => this.compareToKey(sort, slot, after);
    if (sort === 'newest') return this.lowerBound(this.newest, (slot) => compare(slot) <= 0);
    if (sort === 'price_asc') return this.lowerBound(this.cheapest, (slot) => compare(slot) <= 0);
    const below = this.lowerBound(this.cheapest, (slot) => compare(slot) < 0);
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
      };
    }
    const ok = this.scratch.ok;
    ok.fill(0, n, words * 4);
    return { ok, okWords: new Uint32Array(ok.buffer, 0, words) };
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

  /**
   * Clears listings missing a term. Each term is a bit set over slots (a lexeme's own when it
   * has one, else the union of its postings, a prefix's several), and the terms are ANDed.
   */
  private keepTextMatches(ok: Uint8Array, n: number, terms: readonly TextTerm[]) {
    const words = (n + 31) >>> 5;
    const { textBits, termBits } = this.scratch;
    textBits.fill(-1 >>> 0, 0, words);
    for (const term of terms) {
      const lists = this.postingsFor(term);
      let bits: Uint32Array = termBits;
      if (lists.length === 1 && lists[0]?.bits) {
        bits = lists[0].bits;
      } else {
        termBits.fill(0, 0, words);
        for (const list of lists) {
          if (list.bits) {
            const own = list.bits;
            for (let w = Math.min(words, own.length) - 1; w >= 0; w--) {
              termBits[w] = (termBits[w] as number) | (own[w] as number);
            }
          } else {
            const { data, length } = list;
            for (let i = 0; i < length; i++) {
              const slot = data[i] as number;
              termBits[slot >>> 5] = (termBits[slot >>> 5] as number) | (1 << (slot & 31));
            }
          }
        }
      }
      for (let w = 0; w < words; w++) textBits[w] = (textBits[w] as number) & (bits[w] ?? 0);
    }
    for (let s = 0; s < n; s++) {
      ok[s] = (ok[s] as number) & (((textBits[s >>> 5] as number) >>> (s & 31)) & 1);
    }
  }

  private postingsFor({ lexeme, prefix }: TextTerm): SlotList[] {
    if (!prefix) {
      const list = this.postings.get(lexeme);
      return list ? [list] : [];
    }
    this.vocabulary ??= [...this.postings.keys()].sort();
    const words = this.vocabulary;
    const lists: SlotList[] = [];
    let lo = 0;
    let hi = words.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((words[mid] as string) < lexeme) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < words.length && (words[i] as string).startsWith(lexeme); i++) {
      lists.push(this.postings.get(words[i] as string) as SlotList);
    }
    return lists;
  }

  private append(doc: SearchDoc): number {
    if (this.slots === this.capacity) this.resize(this.capacity * 2);
    const slot = this.slots++;
    this.ids[slot] = doc.id;
    this.slotOf.set(doc.id, slot);
    this.alive[slot] = 1;
    this.published[slot] = doc.publishedUs;
    this.rent[slot] = doc.rentCents;
    this.bedrooms[slot] = doc.bedrooms;
    this.bathrooms[slot] = doc.bathrooms;
    this.neighborhood[slot] = NEIGHBORHOOD_CODES.get(doc.neighborhood) ?? NOT_LISTED;
    this.borough[slot] = BOROUGH_CODES.get(doc.borough) ?? 31;
    this.pets[slot] = PET_CODES.get(doc.pets) ?? 31;
    this.laundry[slot] = LAUNDRY_CODES.get(doc.laundry) ?? 31;
    this.available[slot] = doc.availableFromDay ?? NEVER_AVAILABLE;
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
    };
  }

  private keyOf(sort: SearchSort, slot: number): SortKey {
    const v = sort === 'newest' ? this.published[slot] : this.rent[slot];
    return { v: v as number, id: this.ids[slot] as string };
  }

  private listOf(slots: number[]) {
    const list = new SlotList();
    list.data = Int32Array.from(slots.length ? slots : [0]);
    list.length = slots.length;
    return list;
  }

  /** First index whose slot is not `before` (the predicate is true, then false, along order). */
  private lowerBound(order: SlotList, before: (slot: number) => boolean) {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (before(order.data[mid] as number)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Where a live slot stands (or would stand) in one of the sort orders. */
  private position(which: 'newest' | 'cheapest', slot: number) {
    return which === 'newest'
      ? this.lowerBound(this.newest, (other) => this.compareNewest(other, slot) < 0)
      : this.lowerBound(this.cheapest, (other) => this.compareCheapest(other, slot) < 0);
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

/** Clears `ok` for listings whose code (borough, pets, laundry) is not in the mask. */
function keepCodes(ok: Uint8Array, n: number, column: Uint8Array, allowed: number) {
  if (allowed === -1) return;
  for (let s = 0; s < n; s++) ok[s] = (ok[s] as number) & ((allowed >>> (column[s] as number)) & 1);
}

/** The `capacity` listings of smallest position seen so far (a max-heap on position). */
class PageHeap {
  private readonly positions: Int32Array;
  private readonly slots: Int32Array;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.positions = new Int32Array(capacity);
    this.slots = new Int32Array(capacity);
  }

  offer(position: number, slot: number) {
    if (this.size < this.capacity) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((this.positions[parent] as number) >= position) break;
        this.positions[i] = this.positions[parent] as number;
        this.slots[i] = this.slots[parent] as number;
        i = parent;
      }
      this.positions[i] = position;
      this.slots[i] = slot;
      return;
    }
    if (position >= (this.positions[0] as number)) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const larger =
        right < this.size && (this.positions[right] as number) > (this.positions[left] as number)
          ? right
          : left;
      if ((this.positions[larger] as number) <= position) break;
      this.positions[i] = this.positions[larger] as number;
      this.slots[i] = this.slots[larger] as number;
      i = larger;
    }
    this.positions[i] = position;
    this.slots[i] = slot;
  }

  /** Slots by ascending position. */
  sorted(): number[] {
    const entries = Array.from({ length: this.size }, (_, i) => i);
    entries.sort((a, b) => (this.positions[a] as number) - (this.positions[b] as number));
    return entries.map((i) => this.slots[i] as number);
  }
}
