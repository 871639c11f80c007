CREATE TYPE "public"."agent_availability_state" AS ENUM('online', 'break', 'offline');--> statement-breakpoint
CREATE TABLE "agent_availability" (
	"agent_id" uuid PRIMARY KEY NOT NULL,
	"state" "agent_availability_state" DEFAULT 'offline' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_assigned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_availability_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "agent_availability_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agent_id" uuid NOT NULL,
	"state" "agent_availability_state" NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"agent_id" uuid NOT NULL,
	"instance_id" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "agent_availability" ADD CONSTRAINT "agent_availability_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_availability_changes" ADD CONSTRAINT "agent_availability_changes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_connections" ADD CONSTRAINT "agent_connections_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_availability_online_idx" ON "agent_availability" USING btree ("last_assigned_at") WHERE "agent_availability"."state" = 'online';--> statement-breakpoint
CREATE INDEX "agent_availability_seen_idx" ON "agent_availability" USING btree ("last_seen_at") WHERE "agent_availability"."state" <> 'offline';--> statement-breakpoint
CREATE INDEX "agent_availability_changes_agent_idx" ON "agent_availability_changes" USING btree ("agent_id","started_at");--> statement-breakpoint
CREATE INDEX "agent_connections_agent_idx" ON "agent_connections" USING btree ("agent_id","seen_at");--> statement-breakpoint
CREATE INDEX "chat_sessions_assigned_agent_idx" ON "chat_sessions" USING btree ("agent_id","updated_at","id") WHERE "chat_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chat_sessions_assigned_idx" ON "chat_sessions" USING btree ("updated_at","id") WHERE "chat_sessions"."status" = 'active';--> statement-breakpoint
CREATE INDEX "chat_sessions_unassigned_idx" ON "chat_sessions" USING btree ("updated_at","id") WHERE "chat_sessions"."status" = 'open';--> statement-breakpoint
CREATE INDEX "chat_sessions_resolved_idx" ON "chat_sessions" USING btree ("updated_at","id") WHERE "chat_sessions"."status" = 'closed';--> statement-breakpoint
CREATE INDEX "chat_sessions_waiting_idx" ON "chat_sessions" USING btree ("category","created_at","id") WHERE "chat_sessions"."status" = 'open';--> statement-breakpoint
-- Chats from before the lifecycle (ADR 016): an assigned chat is active, its times are taken
-- from its last change.
UPDATE "chat_sessions" SET "status" = 'active' WHERE "status" = 'open' AND "agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" SET "assigned_at" = "updated_at" WHERE "agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" SET "resolved_at" = "updated_at" WHERE "status" = 'closed';
