CREATE TYPE "public"."order_actor" AS ENUM('customer', 'agent', 'admin', 'system');--> statement-breakpoint
CREATE TYPE "public"."order_state" AS ENUM('quoted', 'awaiting_deposit', 'deposit_seen', 'deposit_confirmed', 'payout_sent', 'completed', 'disputed', 'refunded', 'expired', 'cancelled');--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"state" "order_state" NOT NULL,
	"actor" "order_actor" NOT NULL,
	"actor_id" uuid,
	"note" text,
	"idempotency_key" text,
	"request_hash" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"chat_session_id" integer NOT NULL,
	"customer_id" uuid NOT NULL,
	"quoted_by" uuid,
	"coin" "rate_currency" NOT NULL,
	"network" "desk_network" NOT NULL,
	"amount_crypto" numeric(30, 8) NOT NULL,
	"rate_naira" numeric(30, 2) NOT NULL,
	"total_naira" numeric(30, 2) NOT NULL,
	"deposit_address" text,
	"payout_account_id" integer,
	"state" "order_state" NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tx_hash" text,
	"bank_reference" text,
	"paid_by" uuid,
	"idempotency_key" text,
	"request_hash" text,
	"accepted_at" timestamp with time zone,
	"deposit_seen_at" timestamp with time zone,
	"deposit_confirmed_at" timestamp with time zone,
	"payout_sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"disputed_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_account_id_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."payout_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_events_idempotency_uq" ON "order_events" USING btree ("order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_reference_uq" ON "orders" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tx_hash_uq" ON "orders" USING btree ("tx_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_open_per_chat_uq" ON "orders" USING btree ("chat_session_id") WHERE "orders"."state" in ('quoted', 'awaiting_deposit', 'deposit_seen', 'deposit_confirmed', 'payout_sent', 'disputed');--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_state_idx" ON "orders" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."state" in ('quoted', 'awaiting_deposit');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_order_uq" ON "transactions" USING btree ("order_id");--> statement-breakpoint
-- An order's timeline is append-only, as the audit log is: what happened stays as it happened.
CREATE FUNCTION order_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'order_events is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_events_append_only
  BEFORE UPDATE OR DELETE ON order_events
  FOR EACH ROW EXECUTE FUNCTION order_events_refuse_change();
