ALTER TABLE "chat_sessions" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "chat_sessions_first_response_idx" ON "chat_sessions" USING btree ("first_response_at");--> statement-breakpoint
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
