CREATE TYPE "public"."image_reading_status" AS ENUM('pending', 'read', 'unreadable');--> statement-breakpoint
CREATE TABLE "image_readings" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"status" "image_reading_status" DEFAULT 'pending' NOT NULL,
	"reference" text,
	"reference_key" text,
	"amount" numeric(30, 2),
	"receipt_date" date,
	"account" text,
	"claimed_until" timestamp with time zone,
	"read_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_readings" ADD CONSTRAINT "image_readings_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_readings_pending_idx" ON "image_readings" USING btree ("message_id") WHERE "image_readings"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "image_readings_reference_idx" ON "image_readings" USING btree ("reference_key") WHERE "image_readings"."reference_key" is not null;--> statement-breakpoint
-- Flags stored before images were read came from the fingerprint alone: "looks like", with no
-- reference and no order named. The same for the realtime events a client may still resume past.
UPDATE "messages" SET "image_seen_before" = "image_seen_before"
  || '{"kind": "looks_alike", "reference": null, "orderReference": null}'::jsonb
  WHERE "image_seen_before" IS NOT NULL AND NOT ("image_seen_before" ? 'kind');--> statement-breakpoint
UPDATE "realtime_events" SET "payload" = jsonb_set("payload", '{imageSeenBefore}', ("payload" -> 'imageSeenBefore')
  || '{"kind": "looks_alike", "reference": null, "orderReference": null}'::jsonb)
  WHERE "type" = 'message.image_seen_before' AND NOT ("payload" -> 'imageSeenBefore' ? 'kind');
