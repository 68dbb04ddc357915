import { AMENITY_SLUGS, LAUNDRY, PETS } from '../../../shared/listings.ts';
import { BOROUGHS, NEIGHBORHOODS } from '../../../shared/neighborhoods.ts';
import {
  AMENITY_BITS,
  AMENITY_WORDS,
  BOROUGH_CODES,
  LAUNDRY_CODES,
  NEIGHBORHOOD_CODES,
  NEVER_AVAILABLE,
  NOT_LISTED,
  PET_CODES,
} from './search-index-filters.ts';
import type { SearchDoc } from './search-index-types.ts';

/**
 * The search index's storage (search-index.ts): one typed array per field a filter or a sort
 * reads, indexed by slot, so a pass over the listings reads flat memory. A listing keeps its
 * slot until the index is compacted; a removed one is only marked dead.
 */
export class ListingColumns {
  capacity: number;
  /** Slots in use, live or dead; a listing's slot never moves until compaction. */
  slots = 0;
  dead = 0;
  ids: string[] = [];
  readonly slotOf = new Map<string, number>();
  alive: Uint8Array;
  published: Float64Array;
  rent: Int32Array;
  bedrooms: Int16Array;
  bathrooms: Float64Array;
  neighborhood: Uint16Array;
  borough: Uint8Array;
  pets: Uint8Array;
  laundry: Uint8Array;
  available: Int32Array;
  amenities: Uint32Array;
  /** The public map position (NaN: none). */
  lat: Float64Array;
  lng: Float64Array;

  constructor(capacity: number) {
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

  /** Writes a listing (its id new to the index) into the next slot, growing when full. */
  append(doc: SearchDoc): number {
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
    this.lat[slot] = doc.lat ?? Number.NaN;
    this.lng[slot] = doc.lng ?? Number.NaN;
    for (let w = 0; w < AMENITY_WORDS; w++) this.amenities[slot * AMENITY_WORDS + w] = 0;
    for (const amenity of doc.amenities) {
      const bit = AMENITY_BITS.get(amenity);
      if (bit === undefined) continue;
      const at = slot * AMENITY_WORDS + (bit >> 5);
      this.amenities[at] = (this.amenities[at] as number) | (1 << (bit & 31));
    }
    return slot;
  }

  /** Marks the listing's slot dead; its slot, or undefined when the id is not in the index. */
  kill(id: string): number | undefined {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return undefined;
    this.slotOf.delete(id);
    this.alive[slot] = 0;
    this.dead++;
    return slot;
  }

  /** The listing in a slot as it was added (lexemes live in the postings, so they are given). */
  docAt(slot: number, lexemes: string[]): SearchDoc {
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
}
