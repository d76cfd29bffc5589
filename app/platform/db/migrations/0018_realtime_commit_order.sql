-- Realtime events numbered in the order their transactions commit
-- (docs/decisions/0014-realtime-over-sse.md, "Order"). A bigserial id is taken
-- when the row is inserted, and transactions commit in any order: a stream
-- could get 10 before 8, and a browser resuming from the last id it saw would
-- miss or repeat one. At commit (a deferred trigger) each new event takes a
-- fresh id under one lock that publishing transactions hold until they have
-- committed, so ids of committed events only grow, and the announcement to
-- the hubs (NOTIFY, delivered in commit order) names that final id.
CREATE FUNCTION realtime_events_number_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  final_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('realtime-events-commit-order', 0));
  final_id := nextval(pg_get_serial_sequence('realtime_events', 'id'));
  UPDATE realtime_events SET id = final_id WHERE id = NEW.id;
  PERFORM pg_notify('tendly_realtime', json_build_array(json_build_object('id', final_id, 'u', NEW.user_id))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER realtime_events_numbered_at_commit AFTER INSERT ON realtime_events
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION realtime_events_number_at_commit();
