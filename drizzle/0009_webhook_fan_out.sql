-- Fan-out: every event becomes one delivery per subscribed, enabled webhook endpoint of its merchant,
-- in the same transaction as the event (and so as the change that caused it). A statement trigger
-- with a transition table, so bulk inserts (a settlement's checkout.completed events) fan out in one
-- statement. A targeted event (webhook_endpoint_id set: a test event) goes to that endpoint only.
CREATE FUNCTION events_fan_out_to_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  fanned integer;
BEGIN
  INSERT INTO webhook_deliveries (merchant_id, endpoint_id, event_id)
  SELECT e.merchant_id, w.id, e.id
    FROM new_events e
    JOIN webhook_endpoints w ON w.merchant_id = e.merchant_id AND w.deleted_at IS NULL
   WHERE CASE
           WHEN e.webhook_endpoint_id IS NOT NULL THEN w.id = e.webhook_endpoint_id
           ELSE w.enabled AND w.event_types && ARRAY['*', e.event_type]
         END;
  GET DIAGNOSTICS fanned = ROW_COUNT;
  IF fanned > 0 THEN
    -- Wakes the dispatchers (LISTEN webhook_deliveries) when the transaction commits.
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_fan_out
  AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION events_fan_out_to_webhooks();
