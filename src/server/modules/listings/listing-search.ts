import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mapPosition } from '../../../shared/map-position.ts';
import type { Db } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import type { Logger } from '../../lib/logger.ts';
import { streetWithoutNumber } from '../../lib/public-address-sql.ts';
import { publicListing } from './listing-visibility.ts';
import { type SearchDoc, SearchIndex, type TextTerm } from './search-index.ts';
import { PageRowCache } from './search-page-rows.ts';

/** Listings read per statement while loading: bounds memory and event-loop stalls. */
const LOAD_PAGE = 5_000;
/** Past this many changed listings (or log entries) at once, reloading everything is cheaper. */
const RELOAD_OVER = { listings: 5_000, entries: 1_000 };
const LEXEME_CACHE_MAX = 10_000;
/** Shorter words are never corrected: a two-letter word is close to nearly everything. */
const TRIGRAM_MIN_LENGTH = 4;

type L = typeof listings.$inferSelect;

/** An active listing as DOC_COLUMNS reads it (active: the filter columns are set). */
type DocRow = {
  id: L['id'];
  published_us: string;
  rent_cents: NonNullable<L['rentCents']>;
  bedrooms: NonNullable<L['bedrooms']>;
  bathrooms: NonNullable<L['bathrooms']>;
  neighborhood: NonNullable<L['neighborhood']>;
  borough: NonNullable<L['borough']>;
  pets: L['pets'];
  laundry: L['laundry'];
  available_day: number | null;
  amenities: L['amenities'];
  lexemes: string[];
  lat: L['lat'];
  lng: L['lng'];
  show_exact_location: L['showExactLocation'];
};

const l = alias(listings, 'l');

/**
 * The lexemes public search matches (issue 26): the listing's `search_vector`, except that with
 * its exact spot hidden the address part (weight B there, schema/listings.ts) is replaced by the
 * street everyone but the landlord is shown (`publicAddress`: no house number). Title and
 * neighborhood (A) and description (C) stay as stored; the unit is in no vector. Computed here,
 * once per listing as the index loads or follows the log, so a search pays nothing for it, and
 * the vocabulary typos are corrected to (`search_words`) holds letters only, never a number.
 */
const PUBLIC_LEXEMES = sql`tsvector_to_array(case when ${l.showExactLocation} then ${l.searchVector}
  else ts_filter(${l.searchVector}, '{a,c}')
    || to_tsvector('english', coalesce(${streetWithoutNumber(sql`${l.address}`)}, '')) end)`;

const DOC_COLUMNS = sql`l.id, (extract(epoch from l.published_at) * 1000000)::int8::text as published_us,
  l.rent_cents, l.bedrooms, l.bathrooms, l.neighborhood, l.borough, l.pets, l.laundry,
  l.available_from - date '1970-01-01' as available_day, l.amenities,
  ${PUBLIC_LEXEMES} as lexemes, l.lat, l.lng, l.show_exact_location`;

/**
 * Log entries older than a day go: an instance that far behind reloads its index anyway (it
 * sees the gap), and every other one applied them long ago.
 */
export async function pruneListingChanges(db: Db): Promise<number> {
  const result = await db.execute(
    sql`delete from listing_changes where changed_at < now() - interval '1 day'`,
  );
  return result.rowCount ?? 0;
}

function toDoc(row: DocRow): SearchDoc {
  const position = mapPosition({
    lat: row.lat,
    lng: row.lng,
    neighborhood: row.neighborhood,
    showExactLocation: row.show_exact_location,
  });
  return {
    id: row.id,
    publishedUs: Number(row.published_us),
    rentCents: row.rent_cents,
    bedrooms: row.bedrooms,
    bathrooms: row.bathrooms,
    neighborhood: row.neighborhood,
    borough: row.borough,
    pets: row.pets ?? 'none',
    laundry: row.laundry ?? 'none',
    availableFromDay: row.available_day,
    amenities: row.amenities,
    lexemes: row.lexemes,
    lat: position?.lat ?? null,
    lng: position?.lng ?? null,
  };
}

/** The given listings as the index holds them; those not public are left out. */
export async function readSearchDocs(db: Pick<Db, 'execute'>, ids: string[]): Promise<SearchDoc[]> {
  if (ids.length === 0) return [];
  const docs = await db.execute<DocRow>(sql`
    select ${DOC_COLUMNS} from ${listings} l
    where l.id = any(${sql.param(ids)}::uuid[]) and ${publicListing(l)}`);
  return docs.rows.map(toDoc);
}

/**
 * This instance's search index, kept current from PostgreSQL (docs/decisions/017). Loaded in
 * one snapshot, then brought up to date from `listing_changes`, the log every statement
 * writing listings appends to (a trigger, so seeds, cascades and other instances are followed
 * too). A search checks the log's position in the same statement that reads its page, and
 * catches up and searches again if changes it had not applied were committed before that
 * (search.service.ts): every search sees every change committed before it began.
 */
/** A named statement: each connection plans it once. */
const LOG_POSITION = {
  name: 'listing-log-position',
  text: 'select seq::text as seq from listing_change_counter',
};

export class ListingSearch {
  private index: SearchIndex | undefined;
  /** The last change applied. */
  private seq = 0;
  private loading: Promise<void> | undefined;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  /** Log position reads: the next one callers share, and the one under way. */
  private nextPosition: Promise<number> | undefined;
  private lastPosition: Promise<unknown> = Promise.resolve();
  private readonly lexemes = new Map<string, string[]>();
  /** Typo corrections by word (null: none close enough), for the log position they were made at. */
  private corrections = { seq: -1, fixes: new Map<string, string | null>() };
  /** Search pages' listing rows as of `seq` (decision 045); forgotten as changes are applied. */
  readonly pageRows = new PageRowCache();

  constructor(
    private readonly db: Db,
    private readonly logger?: Logger,
  ) {}

  /** Starts loading now, so the first search need not wait (failure is retried then). */
  warm() {
    this.current().catch((error) => this.logger?.warn({ err: error }, 'search index load failed'));
  }

  /** True once the index is loaded (`loaded()` then has nothing to wait for). */
  get isLoaded(): boolean {
    return this.index !== undefined;
  }

  /** Loads the index if this instance has none yet. */
  async loaded(): Promise<void> {
    if (this.index) return;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    await this.loading;
  }

  /** The index as it stands and the last change applied to it (after `loaded()`). */
  get state(): { index: SearchIndex; seq: number } {
    if (!this.index) throw new Error('ListingSearch.state before loaded()');
    return { index: this.index, seq: this.seq };
  }

  /** The index with every listing change committed before this call applied. */
  async current(): Promise<SearchIndex> {
    await this.loaded();
    await this.catchUp();
    return this.state.index;
  }

  /**
   * Full-text terms of query words, analysed by PostgreSQL exactly as listing text is: each
   * word's lexemes (none for a stop word), the last word's as prefixes ("renov" finds
   * "renovated"). Words never change meaning, so their lexemes are remembered.
   */
  async terms(words: string[]): Promise<TextTerm[]> {
    const known = new Map(words.map((w) => [w, this.lexemes.get(w)]));
    const missing = words.filter((w) => !known.get(w));
    if (missing.length > 0) {
      const result = await this.db.execute<{ word: string; lexemes: string[] }>(sql`
        select w.word, tsvector_to_array(to_tsvector('english', w.word)) as lexemes
        from unnest(${sql.param(missing)}::text[]) as w(word)`);
      if (this.lexemes.size + missing.length > LEXEME_CACHE_MAX) this.lexemes.clear();
      for (const row of result.rows) {
        this.lexemes.set(row.word, row.lexemes);
        known.set(row.word, row.lexemes);
      }
    }
    return words.flatMap((word, i) =>
      (known.get(word) ?? []).map((lexeme) => ({
        lexeme,
        prefix: i === words.length - 1,
      })),
    );
  }

  /**
   * Typo tolerance: each word of 4+ letters becomes the nearest word of the listings'
   * vocabulary (`search_words`) by trigram distance (pg_trgm, GiST), if one is similar enough.
   * Null when nothing changes. The vocabulary changes only with listings, so corrections are
   * remembered until the next listing change this instance applies.
   */
  async correct(words: string[]): Promise<string[] | null> {
    const candidates = words.filter((w) => w.length >= TRIGRAM_MIN_LENGTH);
    if (candidates.length === 0) return null;
    if (this.corrections.seq !== this.seq) {
      this.corrections = { seq: this.seq, fixes: new Map() };
    }
    const { fixes } = this.corrections;
    const known = new Map(candidates.flatMap((w) => (fixes.has(w) ? [[w, fixes.get(w)]] : [])));
    const missing = candidates.filter((w) => !known.has(w));
    if (missing.length > 0) {
      const result = await this.db.execute<{ input: string; fix: string | null }>(sql`
        select w.input, (
          select s.word from search_words s
          where s.word % w.input
          order by s.word <-> w.input
          limit 1) as fix
        from unnest(${sql.param(missing)}::text[]) as w(input)`);
      if (fixes.size + missing.length > LEXEME_CACHE_MAX) fixes.clear();
      for (const row of result.rows) {
        fixes.set(row.input, row.fix);
        known.set(row.input, row.fix);
      }
    }
    const corrected = words.map((w) => known.get(w) ?? w);
    return corrected.some((w, i) => w !== words[i]) ? corrected : null;
  }

  /**
   * The change log's position as of some moment after this call, for a search whose page rows
   * are all kept: it only needs to know whether the index is current. Callers share reads like
   * `catchUp`: one arriving while a read is under way waits for the next, which starts after it.
   */
  logPosition(): Promise<number> {
    this.nextPosition ??= this.lastPosition.then(() => {
      this.nextPosition = undefined;
      const read = this.db.$client
        .query<{ seq: string }>(LOG_POSITION)
        .then((result) => Number(result.rows[0]?.seq ?? 0));
      this.lastPosition = read.catch(() => {});
      return read;
    });
    return this.nextPosition;
  }

  /**
   * Applies the log once per caller, sharing reads: a read already under way may have started
   * before the caller's change committed, so callers arriving meanwhile wait for the next one.
   */
  catchUp(): Promise<void> {
    const running = this.inFlight;
    if (!running) {
      const next = this.applyChanges().finally(() => {
        this.inFlight = undefined;
      });
      this.inFlight = next;
      return next;
    }
    this.queued ??= running
      .catch(() => {})
      .then(() => {
        this.queued = undefined;
        return this.catchUp();
      });
    return this.queued;
  }

  private async applyChanges(): Promise<void> {
    const { rows } = await this.db.execute<{ seq: string; listing_ids: string[] }>(sql`
      select seq::text, listing_ids from listing_changes
      where seq > ${this.seq} order by listing_changes.seq limit ${RELOAD_OVER.entries}`);
    if (rows.length === 0) return;
    const ids = new Set<string>();
    for (const row of rows) for (const id of row.listing_ids) ids.add(id);
    // A gap means the entries we need were pruned; '{}' is a TRUNCATE.
    const everything =
      Number(rows[0]?.seq) !== this.seq + 1 ||
      rows.length === RELOAD_OVER.entries ||
      ids.size > RELOAD_OVER.listings ||
      rows.some((row) => row.listing_ids.length === 0);
    if (everything) {
      await this.load();
      return this.applyChanges();
    }
    const docs = await readSearchDocs(this.db, [...ids]);
    const index = this.index as SearchIndex;
    const active = new Set<string>();
    for (const doc of docs) {
      index.upsert(doc);
      active.add(doc.id);
    }
    for (const id of ids) if (!active.has(id)) index.remove(id);
    this.pageRows.forget(ids);
    this.seq = Number(rows[rows.length - 1]?.seq);
  }

  /** Every active listing, read in one snapshot with the log position it reflects. */
  private async load() {
    const started = performance.now();
    const index = new SearchIndex();
    let seq = 0;
    await this.db.transaction(
      async (tx) => {
        const counter = await tx.execute<{ seq: string }>(
          sql`select seq::text from listing_change_counter`,
        );
        seq = Number(counter.rows[0]?.seq ?? 0);
        let after = '00000000-0000-0000-0000-000000000000';
        for (;;) {
          const page = await tx.execute<DocRow>(sql`
            select ${DOC_COLUMNS} from ${listings} l
            where ${publicListing(l)} and l.id > ${after}::uuid
            order by l.id limit ${LOAD_PAGE}`);
          for (const row of page.rows) index.add(toDoc(row));
          const last = page.rows[page.rows.length - 1];
          if (!last || page.rows.length < LOAD_PAGE) break;
          after = last.id;
        }
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    this.index = index.seal();
    this.pageRows.clear();
    this.seq = seq;
    this.logger?.info(
      { listings: index.size, ms: Math.round(performance.now() - started) },
      'search index loaded',
    );
  }
}
