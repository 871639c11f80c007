ALTER TYPE "public"."transaction_status" ADD VALUE 'pending_approval' BEFORE 'pending';--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;