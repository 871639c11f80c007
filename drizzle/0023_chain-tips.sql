CREATE TABLE "chain_tips" (
	"network" "desk_network" PRIMARY KEY NOT NULL,
	"height" integer NOT NULL,
	"block_time" timestamp with time zone,
	"read_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_tip_height" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "chain_tip_at" timestamp with time zone;