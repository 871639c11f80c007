ALTER TABLE "orders" ADD COLUMN "chain_confirmations" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_confirmations_required" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_received_crypto" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_first_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_problem" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_checked_at" timestamp with time zone;