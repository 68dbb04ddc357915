CREATE TABLE "application_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"role" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text,
	"token_expires_at" timestamp with time zone NOT NULL,
	"user_id" uuid,
	"profile" jsonb,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"joined_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signed_offers" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"landlord_id" uuid NOT NULL,
	"party_ids" uuid[] NOT NULL,
	"storage_key" text NOT NULL,
	"signed_by" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delete_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "applications_open_unique";--> statement-breakpoint
ALTER TABLE "application_documents" ADD COLUMN "member_id" uuid;--> statement-breakpoint
ALTER TABLE "application_events" ADD COLUMN "subject_user_id" uuid;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "shown_to_landlord" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_members" ADD CONSTRAINT "application_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_members_application_idx" ON "application_members" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "application_members_user_idx" ON "application_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "application_members_token_unique" ON "application_members" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "application_members_email_unique" ON "application_members" USING btree ("application_id","email");--> statement-breakpoint
CREATE INDEX "signed_offers_delete_after_idx" ON "signed_offers" USING btree ("delete_after");--> statement-breakpoint
CREATE INDEX "signed_offers_parties_idx" ON "signed_offers" USING gin ("party_ids");--> statement-breakpoint
ALTER TABLE "application_documents" ADD CONSTRAINT "application_documents_member_id_application_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."application_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_open_unique" ON "applications" USING btree ("listing_id","renter_id") WHERE status in ('awaiting_household', 'submitted', 'info_requested', 'offered');