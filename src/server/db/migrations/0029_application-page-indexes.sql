DROP INDEX "applications_landlord_idx";--> statement-breakpoint
DROP INDEX "applications_renter_idx";--> statement-breakpoint
DROP INDEX "applications_listing_idx";--> statement-breakpoint
CREATE INDEX "applications_landlord_page_idx" ON "applications" USING btree ("landlord_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_landlord_status_idx" ON "applications" USING btree ("landlord_id","status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_renter_page_idx" ON "applications" USING btree ("renter_id","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_listing_page_idx" ON "applications" USING btree ("listing_id","submitted_at","id");