ALTER TABLE "messages" ADD COLUMN "image_fingerprint" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "image_seen_before" jsonb;--> statement-breakpoint
CREATE INDEX "messages_image_fingerprint_idx" ON "messages" USING btree ("image_fingerprint","created_at") WHERE "messages"."image_fingerprint" is not null;