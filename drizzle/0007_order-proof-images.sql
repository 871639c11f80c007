ALTER TABLE "orders" ADD COLUMN "payout_proof_message_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_screenshot_message_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_proof_message_id_messages_id_fk" FOREIGN KEY ("payout_proof_message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_screenshot_message_id_messages_id_fk" FOREIGN KEY ("deposit_screenshot_message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payout_proof_uq" ON "orders" USING btree ("payout_proof_message_id");