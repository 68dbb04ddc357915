ALTER TABLE "landlord_profiles" ADD COLUMN "median_first_reply_minutes" integer;--> statement-breakpoint
ALTER TABLE "landlord_profiles" ADD COLUMN "reply_rate" real;--> statement-breakpoint
ALTER TABLE "landlord_profiles" ADD COLUMN "response_figures_at" timestamp with time zone;