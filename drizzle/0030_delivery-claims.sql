ALTER TABLE "whatsapp_deliveries" ADD COLUMN "wa_ids" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapp_deliveries" ADD COLUMN "claimed_by" integer;--> statement-breakpoint
-- Deliveries stored before this migration and not processed yet keep their customers' order:
-- the senders of their messages, as store-delivery.ts now records them.
UPDATE "whatsapp_deliveries" SET "wa_ids" = coalesce(array(
  SELECT DISTINCT m ->> 'from'
  FROM jsonb_path_query("body", '$.entry[*].changes[*].value.messages[*]') AS m
  WHERE m ->> 'from' IS NOT NULL
), '{}')
WHERE "processed_at" IS NULL;
