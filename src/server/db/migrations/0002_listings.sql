CREATE TABLE "listing_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"placeholder" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_stats" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text,
	"unit" text,
	"neighborhood" text,
	"borough" text,
	"lat" double precision,
	"lng" double precision,
	"rent_cents" integer,
	"free_months" smallint DEFAULT 0 NOT NULL,
	"bedrooms" smallint,
	"bathrooms" double precision,
	"sqft" integer,
	"available_from" date,
	"lease_term_months" smallint,
	"pets" text,
	"laundry" text,
	"amenities" text[] DEFAULT '{}'::text[] NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A') ||
        setweight(to_tsvector('english'::regconfig, replace(coalesce(neighborhood, ''), '-', ' ')), 'A') ||
        setweight(to_tsvector('english'::regconfig, coalesce(address, '')), 'B') ||
        setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'C')) STORED,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('draft', 'active', 'rented', 'archived')),
	CONSTRAINT "listings_pets_check" CHECK ("listings"."pets" in ('none', 'cats', 'dogs', 'cats_and_dogs')),
	CONSTRAINT "listings_laundry_check" CHECK ("listings"."laundry" in ('in_unit', 'in_building', 'none')),
	CONSTRAINT "listings_rent_check" CHECK ("listings"."rent_cents" > 0),
	CONSTRAINT "listings_free_months_check" CHECK ("listings"."free_months" >= 0),
	CONSTRAINT "listings_active_complete_check" CHECK ("listings"."status" <> 'active' or ("listings"."rent_cents" is not null and "listings"."neighborhood" is not null
        and "listings"."borough" is not null and "listings"."bedrooms" is not null and "listings"."bathrooms" is not null
        and "listings"."published_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "saved_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_listings_user_listing_unique" UNIQUE("user_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_stats" ADD CONSTRAINT "listing_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_landlord_id_users_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD CONSTRAINT "saved_listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_listings" ADD CONSTRAINT "saved_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_listing_idx" ON "listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listings_landlord_idx" ON "listings" USING btree ("landlord_id","created_at");--> statement-breakpoint
CREATE INDEX "listings_active_newest_idx" ON "listings" USING btree ("published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_price_idx" ON "listings" USING btree ("rent_cents","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_neighborhood_idx" ON "listings" USING btree ("neighborhood","published_at","id") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_featured_idx" ON "listings" USING btree ("published_at","id") WHERE status = 'active' and featured;--> statement-breakpoint
CREATE INDEX "listings_active_amenities_idx" ON "listings" USING gin ("amenities") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "listings_active_search_idx" ON "listings" USING gin ("search_vector") WHERE status = 'active';--> statement-breakpoint
CREATE INDEX "saved_listings_listing_idx" ON "saved_listings" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gist ("word" gist_trgm_ops);