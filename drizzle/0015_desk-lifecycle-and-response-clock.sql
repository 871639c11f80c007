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
ALTER TABLE "chat_sessions" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
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
CREATE INDEX "chat_sessions_first_response_idx" ON "chat_sessions" USING btree ("first_response_at");--> statement-breakpoint
-- Chats from before the lifecycle (ADR 018): an assigned chat is active, its times are taken
-- from its last change.
UPDATE "chat_sessions" SET "status" = 'active' WHERE "status" = 'open' AND "agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" SET "assigned_at" = "updated_at" WHERE "agent_id" IS NOT NULL;--> statement-breakpoint
UPDATE "chat_sessions" SET "resolved_at" = "updated_at" WHERE "status" = 'closed';
--> statement-breakpoint
-- The chats that exist already get their times from their messages (features/service-metrics/
-- response-pairs.ts says how): turns end at each staff message; the first turn that had customer
-- messages and a reply is the first response; a last turn without a reply is a wait still running.
WITH numbered AS (
  SELECT m.chat_session_id, m.id, m.created_at, m.sender_id = s.customer_id AS from_customer,
         count(*) FILTER (WHERE m.sender_id <> s.customer_id) OVER (
           PARTITION BY m.chat_session_id ORDER BY m.created_at, m.id
           ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS turn
  FROM chat_sessions s JOIN messages m ON m.chat_session_id = s.id
  WHERE m.message_type::text <> 'note'
), turns AS (
  SELECT chat_session_id, turn,
         min(created_at) FILTER (WHERE from_customer) AS waited_from,
         min(created_at) FILTER (WHERE NOT from_customer) AS replied_at
  FROM numbered GROUP BY chat_session_id, turn
), clock AS (
  SELECT chat_session_id,
         min(replied_at) FILTER (WHERE waited_from IS NOT NULL) AS first_response_at,
         max(waited_from) FILTER (WHERE replied_at IS NULL) AS waiting_since
  FROM turns GROUP BY chat_session_id
)
UPDATE chat_sessions s
SET first_response_at = clock.first_response_at,
    waiting_since = CASE WHEN s.status <> 'closed' THEN clock.waiting_since END
FROM clock
WHERE clock.chat_session_id = s.id;
