CREATE TYPE "public"."desk_network" AS ENUM('BTC', 'USDT-TRC20');--> statement-breakpoint
CREATE TABLE "payout_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"customer_id" uuid NOT NULL,
	"bank_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_name" text NOT NULL,
	"verified" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "desk_address_cursors" (
	"network" "desk_network" PRIMARY KEY NOT NULL,
	"picks" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "desk_addresses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desk_addresses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network" "desk_network" NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"last_pick" bigint,
	"last_used_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "desk_addresses" ADD CONSTRAINT "desk_addresses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_accounts_live_uq" ON "payout_accounts" USING btree ("customer_id","bank_code","account_number") WHERE "payout_accounts"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payout_accounts_customer_idx" ON "payout_accounts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_addresses_network_address_uq" ON "desk_addresses" USING btree ("network","address");--> statement-breakpoint
CREATE INDEX "desk_addresses_pick_idx" ON "desk_addresses" USING btree ("network","active","last_pick");