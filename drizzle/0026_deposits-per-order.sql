CREATE TABLE "desk_extended_keys" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "desk_extended_keys_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"network" "desk_network" NOT NULL,
	"extended_public_key" text NOT NULL,
	"label" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"next_index" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chain_tips" (
	"network" "desk_network" PRIMARY KEY NOT NULL,
	"height" integer NOT NULL,
	"block_time" timestamp with time zone,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_key_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_address_index" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_tip_height" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_tip_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "desk_extended_keys" ADD CONSTRAINT "desk_extended_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "desk_extended_keys_key_uq" ON "desk_extended_keys" USING btree ("network","extended_public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "desk_extended_keys_active_uq" ON "desk_extended_keys" USING btree ("network") WHERE "desk_extended_keys"."active";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_deposit_key_id_desk_extended_keys_id_fk" FOREIGN KEY ("deposit_key_id") REFERENCES "public"."desk_extended_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_deposit_index_uq" ON "orders" USING btree ("deposit_key_id","deposit_address_index");