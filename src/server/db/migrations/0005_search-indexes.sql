DROP INDEX "listings_active_newest_idx";--> statement-breakpoint
DROP INDEX "listings_active_price_idx";--> statement-breakpoint
DROP INDEX "listings_active_neighborhood_idx";--> statement-breakpoint
DROP INDEX "listings_active_amenities_idx";--> statement-breakpoint
DROP INDEX "listings_active_search_idx";--> statement-breakpoint
CREATE INDEX "listings_active_count_idx" ON "listings" USING btree ("borough","bedrooms","bathrooms","pets","laundry","rent_cents","available_from") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_amenities_idx" ON "listings" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector");--> statement-breakpoint
-- Search pages walk these sort indexes index-only: every filter column is included, so the
-- filters are tested on the index entries and only the page's rows are read from the heap
-- (docs/decisions/007). Written here because drizzle's index builder has no INCLUDE.
CREATE INDEX "listings_active_newest_idx" ON "listings" USING btree ("published_at","id")
  INCLUDE ("rent_cents","borough","neighborhood","bedrooms","bathrooms","pets","laundry","available_from","amenities")
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_price_idx" ON "listings" USING btree ("rent_cents","id")
  INCLUDE ("published_at","borough","neighborhood","bedrooms","bathrooms","pets","laundry","available_from","amenities")
  WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_neighborhood_idx" ON "listings" USING btree ("neighborhood","published_at","id")
  INCLUDE ("rent_cents","borough","bedrooms","bathrooms","pets","laundry","available_from","amenities")
  WHERE status = 'active';--> statement-breakpoint
-- Words alone, newest first: walked index-only, the words tested on the vector in the entry
-- (0.3-1 ms a page where sorting every match took 2-6 ms).
CREATE INDEX "listings_active_newest_text_idx" ON "listings" USING btree ("published_at","id")
  INCLUDE ("search_vector")
  WHERE status = 'active';--> statement-breakpoint
-- Replaced by listings_active_count_idx (narrower, so counting reads a third of the bytes).
DROP INDEX "listings_active_filter_idx";
