ALTER TYPE "public"."order_state" ADD VALUE 'payout_approval' BEFORE 'deposit_confirmed';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_approved_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_approved_by_users_id_fk" FOREIGN KEY ("payout_approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;