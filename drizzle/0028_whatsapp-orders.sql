ALTER TABLE "payout_accounts" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD COLUMN "added_by" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "order_event_id" integer;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD COLUMN "part" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_order_event_id_order_events_id_fk" FOREIGN KEY ("order_event_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- An outbox row is a desk message, a payload of the channel's own, or an order step's part.
ALTER TABLE "whatsapp_outbox" DROP CONSTRAINT "whatsapp_outbox_one_source_ck";--> statement-breakpoint
ALTER TABLE "whatsapp_outbox" ADD CONSTRAINT "whatsapp_outbox_one_source_ck"
  CHECK (num_nonnulls("message_id", "payload", "order_event_id") = 1
         AND ("order_event_id" IS NULL) = ("part" IS NULL)
         AND ("part" IS NULL OR "part" IN ('step', 'qr')));
--> statement-breakpoint
-- Accounts saved before agents could add one were their customers' own: confirmed when saved.
UPDATE "payout_accounts" SET "confirmed_at" = "created_at";--> statement-breakpoint
-- Each step of an order of a customer on WhatsApp is a WhatsApp message (decision 036), queued in
-- the transaction that records the step, whichever path recorded it (a use case, the deposit
-- watcher, the sweeps). The message is built when it is sent. A step that only adds to the one
-- before (a screenshot to a deposit already seen, a payout released or approved after the
-- confirmation was told) tells the customer nothing new. A quote accepted gets its deposit QR too.
CREATE FUNCTION whatsapp_order_step_enqueue() RETURNS trigger AS $$
DECLARE
  contact_wa_id text;
  previous_state text;
BEGIN
  SELECT c.wa_id INTO contact_wa_id
    FROM orders o JOIN whatsapp_contacts c ON c.customer_id = o.customer_id
    WHERE o.id = NEW.order_id;
  IF contact_wa_id IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT e.state::text INTO previous_state FROM order_events e
    WHERE e.order_id = NEW.order_id AND e.id < NEW.id
    ORDER BY e.id DESC LIMIT 1;
  IF previous_state = NEW.state::text
     OR (NEW.state::text = 'deposit_confirmed' AND previous_state = 'payout_approval') THEN
    RETURN NULL;
  END IF;
  INSERT INTO whatsapp_outbox (order_event_id, wa_id, part) VALUES (NEW.id, contact_wa_id, 'step');
  IF NEW.state::text = 'awaiting_deposit' THEN
    INSERT INTO whatsapp_outbox (order_event_id, wa_id, part) VALUES (NEW.id, contact_wa_id, 'qr');
  END IF;
  PERFORM pg_notify('agentchat_whatsapp_outbox', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_events_whatsapp_outbox AFTER INSERT ON order_events
  FOR EACH ROW EXECUTE FUNCTION whatsapp_order_step_enqueue();
