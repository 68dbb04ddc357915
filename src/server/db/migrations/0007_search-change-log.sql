CREATE TABLE "listing_change_counter" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_change_counter_one_row" CHECK ("listing_change_counter"."only")
);
--> statement-breakpoint
CREATE TABLE "listing_changes" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"listing_ids" uuid[] NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_active_count_idx";--> statement-breakpoint
DROP INDEX "listings_amenities_idx";--> statement-breakpoint
DROP INDEX "listings_search_idx";--> statement-breakpoint
-- Search no longer reads listings through these (docs/decisions/017); they only slowed writes.
DROP INDEX "listings_active_newest_idx";--> statement-breakpoint
DROP INDEX "listings_active_price_idx";--> statement-breakpoint
DROP INDEX "listings_active_neighborhood_idx";--> statement-breakpoint
DROP INDEX "listings_active_newest_text_idx";--> statement-breakpoint
INSERT INTO "listing_change_counter" ("only", "seq") VALUES (true, 0);--> statement-breakpoint
-- One log entry per statement that wrote listings, with the ids it touched ('{}' after a
-- TRUNCATE: everything). Taking the next number locks the counter row until commit, so
-- entries become visible in number order (see listingChanges in schema/listings.ts).
CREATE FUNCTION listings_log_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    ids := '{}';
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(id) INTO ids FROM new_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  WITH next AS (UPDATE listing_change_counter SET seq = seq + 1 RETURNING seq)
  INSERT INTO listing_changes (seq, listing_ids) SELECT seq, ids FROM next;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER listings_log_inserts AFTER INSERT ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_log_changes();
--> statement-breakpoint
CREATE TRIGGER listings_log_updates AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_log_changes();
--> statement-breakpoint
CREATE TRIGGER listings_log_deletes AFTER DELETE ON listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION listings_log_changes();
--> statement-breakpoint
CREATE TRIGGER listings_log_truncates AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION listings_log_changes();
