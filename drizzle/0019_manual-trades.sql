ALTER TABLE "transactions" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Issue 29: trades come only from completed orders. The trades agents recorded by hand before
-- that ("Record trade") stay in history, marked manual; volume never counts them.
UPDATE "transactions" SET "manual" = true WHERE "kind" = 'trade' AND "order_id" IS NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_trade_from_order_ck" CHECK (("transactions"."kind" = 'trade' and ("transactions"."order_id" is null) = "transactions"."manual") or ("transactions"."kind" <> 'trade' and "transactions"."order_id" is null and not "transactions"."manual"));