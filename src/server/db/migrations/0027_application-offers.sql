ALTER TABLE "applications" ADD COLUMN "offer" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decline" jsonb;