-- Realtime event ids are given at commit, in commit order. An event row gets a provisional id
-- when inserted; at commit this deferred trigger takes the event-order lock, gives the row the
-- next id and notifies the instances LISTENing. The lock is held from here to the end of the
-- commit only, never across a round trip to the app, so writers queue for microseconds, not for
-- the app's event loop. A reader who has seen id N has seen every committed id below N.
CREATE FUNCTION realtime_events_number_at_commit() RETURNS trigger AS $$
DECLARE
  final_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(7418290115);
  UPDATE realtime_events SET id = DEFAULT WHERE id = NEW.id RETURNING id INTO final_id;
  PERFORM pg_notify('agentchat_events', final_id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER realtime_events_number_at_commit
  AFTER INSERT ON realtime_events
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION realtime_events_number_at_commit();
