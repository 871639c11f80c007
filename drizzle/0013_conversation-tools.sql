ALTER TYPE "public"."message_type" ADD VALUE 'note';--> statement-breakpoint
CREATE TABLE "canned_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "canned_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" uuid,
	"shortcut" text NOT NULL,
	"content" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_receipts" (
	"chat_session_id" integer NOT NULL,
	"side" text NOT NULL,
	"delivered_id" bigint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"read_id" bigint DEFAULT 0 NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "message_receipts_chat_session_id_side_pk" PRIMARY KEY("chat_session_id","side")
);
--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_replies" ADD CONSTRAINT "canned_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_receipts" ADD CONSTRAINT "message_receipts_chat_session_id_chat_sessions_id_fk" FOREIGN KEY ("chat_session_id") REFERENCES "public"."chat_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_team_shortcut_uq" ON "canned_replies" USING btree (lower("shortcut")) WHERE "canned_replies"."owner_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_replies_owner_shortcut_uq" ON "canned_replies" USING btree ("owner_id",lower("shortcut")) WHERE "canned_replies"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "canned_replies_owner_idx" ON "canned_replies" USING btree ("owner_id");