DROP INDEX "conversations_participant1_idx";--> statement-breakpoint
DROP INDEX "conversations_participant2_idx";--> statement-breakpoint
DROP INDEX "messages_unread_idx";--> statement-breakpoint
CREATE INDEX "conversations_participant1_idx" ON "conversations" USING btree ("participant1_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_participant2_idx" ON "conversations" USING btree ("participant2_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","conversation_id","created_at") WHERE receiver_read_at is null;