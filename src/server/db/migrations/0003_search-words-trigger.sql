-- The search vocabulary (search_words) follows listing text: one INSERT ... SELECT per
-- statement over its new rows, so bulk inserts pay once, not per row. Words are never removed:
-- a stale word only means a typo may be corrected to a word that no longer finds anything.
CREATE FUNCTION listings_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM new_rows n,
    regexp_split_to_table(
      lower(coalesce(n.title, '') || ' ' || replace(coalesce(n.neighborhood, ''), '-', ' ') || ' ' ||
        coalesce(n.address, '') || ' ' || coalesce(n.description, '')),
      '[^[:alpha:]]+') AS w
  WHERE length(w) BETWEEN 4 AND 40
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_search_words_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION listings_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER listings_search_words_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION listings_collect_search_words();
--> statement-breakpoint
-- Counting a search's matches reads this narrow covering index (index-only) instead of the wide
-- listing rows; written here because drizzle's index builder has no INCLUDE.
CREATE INDEX listings_active_filter_idx ON listings (borough, bedrooms, rent_cents)
  INCLUDE (neighborhood, bathrooms, pets, laundry, available_from, amenities)
  WHERE status = 'active';
