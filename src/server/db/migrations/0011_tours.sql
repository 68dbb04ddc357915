CREATE TABLE "landlord_availability" (
	"landlord_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/New_York' NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vacations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tour_defaults" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_tour_settings" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"type" text NOT NULL,
	"note" text,
	"status" text NOT NULL,
	"seat" smallint DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"rescheduled_from_id" uuid,
	"sequence" integer DEFAULT 0 NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tours_renter_idempotency_key_unique" UNIQUE("renter_id","idempotency_key"),
	CONSTRAINT "tours_ends_after_start" CHECK ("tours"."ends_at" > "tours"."starts_at"),
	CONSTRAINT "tours_status_known" CHECK ("tours"."status" in ('requested', 'confirmed', 'declined', 'expired', 'cancelled', 'completed', 'no_show')),
	CONSTRAINT "tours_type_known" CHECK ("tours"."type" in ('in_person', 'video')),
	CONSTRAINT "tours_note_length" CHECK (char_length("tours"."note") <= 500)
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"preferences" jsonb NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offer_starts_at" timestamp with time zone,
	"offer_ends_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_known" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'removed', 'left'))
);
--> statement-breakpoint
ALTER TABLE "landlord_availability" ADD CONSTRAINT "landlord_availability_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_tour_settings" ADD CONSTRAINT "listing_tour_settings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_renter_id_users_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tours_active_seat_unique" ON "tours" USING btree ("listing_id","starts_at","seat") WHERE status in ('requested', 'confirmed');--> statement-breakpoint
CREATE INDEX "tours_landlord_starts_idx" ON "tours" USING btree ("landlord_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_renter_starts_idx" ON "tours" USING btree ("renter_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_listing_starts_idx" ON "tours" USING btree ("listing_id","starts_at");--> statement-breakpoint
CREATE INDEX "tours_rescheduled_from_idx" ON "tours" USING btree ("rescheduled_from_id") WHERE rescheduled_from_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_active_unique" ON "waitlist_entries" USING btree ("listing_id","renter_id") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_queue_idx" ON "waitlist_entries" USING btree ("listing_id","created_at") WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_renter_idx" ON "waitlist_entries" USING btree ("renter_id");