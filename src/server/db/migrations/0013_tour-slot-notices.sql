-- Every instance keeps tour-slot answers in memory (modules/tours/slot-cache.ts) and forgets a
-- landlord's at the commit of anything their slots are made of: these triggers NOTIFY
-- `tour_slots` with the landlord's id ('*' after a TRUNCATE: everyone's). A NOTIFY is sent at
-- commit, never on rollback, and the same payload once per transaction.
CREATE FUNCTION tour_slots_notify_landlord() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tour_slots', '*');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('tour_slots', OLD.landlord_id::text);
  ELSE
    PERFORM pg_notify('tour_slots', NEW.landlord_id::text);
    IF TG_OP = 'UPDATE' AND OLD.landlord_id IS DISTINCT FROM NEW.landlord_id THEN
      PERFORM pg_notify('tour_slots', OLD.landlord_id::text);
    END IF;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Rows that name a listing rather than its landlord.
CREATE FUNCTION tour_slots_notify_listing() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tour_slots', '*');
    RETURN NULL;
  END IF;
  PERFORM pg_notify('tour_slots', l.landlord_id::text)
    FROM listings l
    WHERE l.id IN (
      CASE WHEN TG_OP = 'INSERT' THEN NULL ELSE OLD.listing_id END,
      CASE WHEN TG_OP = 'DELETE' THEN NULL ELSE NEW.listing_id END
    );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tours_slot_notices AFTER INSERT OR UPDATE OR DELETE ON tours
  FOR EACH ROW EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER tours_slot_notices_truncate AFTER TRUNCATE ON tours
  FOR EACH STATEMENT EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER landlord_availability_slot_notices AFTER INSERT OR UPDATE OR DELETE ON landlord_availability
  FOR EACH ROW EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER landlord_availability_slot_notices_truncate AFTER TRUNCATE ON landlord_availability
  FOR EACH STATEMENT EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
-- Only a change of status or owner matters to slots (public or not, whose hours).
CREATE TRIGGER listings_slot_notices AFTER UPDATE OF status, landlord_id ON listings
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.landlord_id IS DISTINCT FROM NEW.landlord_id)
  EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER listings_slot_notices_delete AFTER DELETE ON listings
  FOR EACH ROW EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER listings_slot_notices_truncate AFTER TRUNCATE ON listings
  FOR EACH STATEMENT EXECUTE FUNCTION tour_slots_notify_landlord();
--> statement-breakpoint
CREATE TRIGGER listing_tour_settings_slot_notices AFTER INSERT OR UPDATE OR DELETE ON listing_tour_settings
  FOR EACH ROW EXECUTE FUNCTION tour_slots_notify_listing();
--> statement-breakpoint
CREATE TRIGGER listing_tour_settings_slot_notices_truncate AFTER TRUNCATE ON listing_tour_settings
  FOR EACH STATEMENT EXECUTE FUNCTION tour_slots_notify_listing();
--> statement-breakpoint
-- Waitlist holds (offers) take seats; a queue that only waits changes no slot.
CREATE TRIGGER waitlist_entries_slot_notices_insert AFTER INSERT ON waitlist_entries
  FOR EACH ROW WHEN (NEW.status = 'offered') EXECUTE FUNCTION tour_slots_notify_listing();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_slot_notices_update AFTER UPDATE ON waitlist_entries
  FOR EACH ROW WHEN (OLD.status = 'offered' OR NEW.status = 'offered')
  EXECUTE FUNCTION tour_slots_notify_listing();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_slot_notices_delete AFTER DELETE ON waitlist_entries
  FOR EACH ROW WHEN (OLD.status = 'offered') EXECUTE FUNCTION tour_slots_notify_listing();
--> statement-breakpoint
CREATE TRIGGER waitlist_entries_slot_notices_truncate AFTER TRUNCATE ON waitlist_entries
  FOR EACH STATEMENT EXECUTE FUNCTION tour_slots_notify_listing();
