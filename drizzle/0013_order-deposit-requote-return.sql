ALTER TYPE "public"."order_state" ADD VALUE 'requoted' BEFORE 'deposit_confirmed';--> statement-breakpoint
ALTER TYPE "public"."order_state" ADD VALUE 'deposit_returning' BEFORE 'deposit_confirmed';--> statement-breakpoint
DROP INDEX "orders_open_per_chat_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_amount_off_crypto" numeric(30, 8);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_watch_confirmed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_tx_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_per_chat_uq" ON "orders" USING btree ("chat_session_id") WHERE "orders"."state" not in ('completed', 'refunded', 'expired', 'cancelled');