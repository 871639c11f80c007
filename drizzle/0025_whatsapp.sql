CREATE TABLE "whatsapp_contacts" (
	"customer_id" uuid PRIMARY KEY NOT NULL,
	"wa_id" text NOT NULL,
	"last_inbound_at" timestamp with time zone,
	"desk_asked_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_contacts_wa_id_uq" UNIQUE("wa_id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"processed_at" timestamp with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_held_messages" (
	"wamid" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"message" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" bigint,
	"wa_id" text NOT NULL,
	"payload" jsonb,
	"status" text DEFAULT 'sending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"wamid" text,
	"error_code" integer,
	"error_title" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whatsapp_outbox_message_uq" UNIQUE("message_id"),
	CONSTRAINT "whatsapp_outbox_wamid_uq" UNIQUE("wamid")
);
--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_held_messages" ADD CONSTRAINT "whatsapp_held_messages_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_deliveries_pending_idx" ON "whatsapp_deliveries" USING btree ("id") WHERE "whatsapp_deliveries"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "whatsapp_held_messages_customer_idx" ON "whatsapp_held_messages" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "whatsapp_outbox_due_idx" ON "whatsapp_outbox" USING btree ("next_attempt_at") WHERE "whatsapp_outbox"."status" = 'sending';--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_status_ck"
  CHECK ("status" IN ('sending', 'sent', 'delivered', 'read', 'failed'));
--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_one_source_ck"
  CHECK (("message_id" IS NULL) <> ("payload" IS NULL));
--> statement-breakpoint
-- Staff's messages in a WhatsApp customer's chat (not private notes) go to the outbox in the
-- transaction that stores them: whatever path wrote the message (a reply, a canned reply, an
-- image), it is sent, and a crash right after the agent's send loses nothing (decision 034).
-- The notification wakes the instances' senders at commit; they also poll.
CREATE FUNCTION whatsapp_outbox_enqueue() RETURNS trigger AS $$
DECLARE
  contact_wa_id text;
BEGIN
  IF NEW.message_type = 'note' THEN
    RETURN NULL;
  END IF;
  SELECT c.wa_id INTO contact_wa_id
    FROM chat_sessions s JOIN whatsapp_contacts c ON c.customer_id = s.customer_id
    WHERE s.id = NEW.chat_session_id AND s.customer_id <> NEW.sender_id;
  IF contact_wa_id IS NOT NULL THEN
    INSERT INTO whatsapp_outbox (message_id, wa_id) VALUES (NEW.id, contact_wa_id);
    PERFORM pg_notify('agentchat_whatsapp_outbox', '');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER messages_whatsapp_outbox AFTER INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION whatsapp_outbox_enqueue();
