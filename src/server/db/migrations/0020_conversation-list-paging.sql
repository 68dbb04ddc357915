DROP INDEX "messages_unread_idx";--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id","conversation_id","created_at") WHERE receiver_read_at is null;