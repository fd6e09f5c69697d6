-- The operator offered a booking's guests another departure of their choice (issue 42, the desk's
-- "move all guests", offer mode): from then until the departure starts, the traveller's own date
-- change is open past the usual deadline (the cancellation cutoff). Cleared when the booking moves.
ALTER TABLE "bookings" ADD COLUMN "move_offered_at" timestamp with time zone;
