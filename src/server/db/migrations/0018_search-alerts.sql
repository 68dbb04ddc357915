CREATE INDEX "saved_search_matches_listing_idx" ON "saved_search_matches" USING btree ("listing_id");--> statement-breakpoint
-- The alerts scan starts from where the listing change log stands now: listings already up
-- are nobody's news.
INSERT INTO "alert_scan_cursor" ("only", "seq")
  SELECT true, coalesce((SELECT "seq" FROM "listing_change_counter"), 0);
