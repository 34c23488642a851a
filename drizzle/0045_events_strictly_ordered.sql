-- The events of one resource get strictly increasing created_at, also within one transaction, where
-- now() is the same for every statement (a payment's checkout.processing and checkout.paid used to tie
-- to the microsecond). A later event of a resource is at least 1 ms after the one before it, so the
-- order survives the API's millisecond timestamps. Rows of other resources are untouched.
CREATE FUNCTION events_after_their_resource_s_last() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT greatest(NEW.created_at, max(e.created_at) + interval '1 millisecond')
    INTO NEW.created_at
    FROM events e
   WHERE e.resource_id = NEW.resource_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER events_strictly_ordered_per_resource BEFORE INSERT ON events
  FOR EACH ROW EXECUTE FUNCTION events_after_their_resource_s_last();
