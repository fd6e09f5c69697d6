-- Calendars that follow (issue 30, item 5): every calendar file of a booking carries the same UID
-- and this SEQUENCE. The database raises it whenever the event changes for the guest: the booking
-- moves to another departure (a reschedule) or is cancelled, by whatever path does it.
ALTER TABLE "bookings" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bookings_raise_calendar_sequence() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.slot_id IS DISTINCT FROM OLD.slot_id
     OR (NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled') THEN
    NEW.calendar_sequence := OLD.calendar_sequence + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_raise_calendar_sequence BEFORE UPDATE OF slot_id, status ON bookings
  FOR EACH ROW EXECUTE FUNCTION bookings_raise_calendar_sequence();
