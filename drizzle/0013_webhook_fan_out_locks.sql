-- The fan-out takes a KEY SHARE lock on the endpoints it fans out to: an endpoint being deleted
-- (deleteWebhook locks it FOR UPDATE) is waited for and then seen as deleted, so no delivery can be
-- left pending for an endpoint that no longer exists.
CREATE OR REPLACE FUNCTION events_fan_out_to_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
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
         END
     FOR KEY SHARE OF w;
  GET DIAGNOSTICS fanned = ROW_COUNT;
  IF fanned > 0 THEN
    PERFORM pg_notify('webhook_deliveries', '');
  END IF;
  RETURN NULL;
END $$;
