-- Private departures (issue 46, item 4). A service may be sold private only or both ways: a
-- private booking takes the whole departure at the service's group price (up to a number of
-- guests). The departure names the private booking that holds it (slots.private_booking_id, set
-- by the conditional update that takes its seats, only while no seat is taken; cleared when that
-- booking gives its seats back): while it is set, no channel sells it a seat (seatsLeftSql,
-- takeSeats). A booking sold private keeps its group price (bookings.private_price_minor).
ALTER TABLE "services" ADD COLUMN "private_sale" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "private_price_minor" integer;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "private_max_guests" integer;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_sale_value" CHECK ("private_sale" IN ('none', 'both', 'only'));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_sale_priced" CHECK ("private_sale" = 'none' OR ("private_price_minor" IS NOT NULL AND "private_max_guests" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_price_non_negative" CHECK ("private_price_minor" IS NULL OR "private_price_minor" >= 0);--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_private_max_guests_positive" CHECK ("private_max_guests" IS NULL OR "private_max_guests" >= 1);--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "private_booking_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "private_price_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_private_price_non_negative" CHECK ("private_price_minor" IS NULL OR "private_price_minor" >= 0);--> statement-breakpoint
-- A departure a private booking holds has no seat for the search either: its day counts only
-- departures that no private booking holds (0023_schedules.sql, with the private booking added).
CREATE OR REPLACE FUNCTION refresh_departure_days(service_ids text[], starts timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  keys_day date[];
  keys_experience text[];
BEGIN
  SELECT array_agg(k.day ORDER BY k.day, k.experience_id), array_agg(k.experience_id ORDER BY k.day, k.experience_id)
  INTO keys_day, keys_experience
  FROM (
    SELECT DISTINCT (c.starts_at AT TIME ZONE e.timezone)::date AS day, s.experience_id
    FROM unnest(service_ids, starts) AS c(service_id, starts_at)
    JOIN services s ON s.id = c.service_id
    JOIN experiences e ON e.id = s.experience_id
  ) k;
  IF keys_day IS NULL THEN RETURN; END IF;
  INSERT INTO departure_days (day, experience_id)
  SELECT * FROM unnest(keys_day, keys_experience) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM departure_days d
  WHERE (d.day, d.experience_id) IN (SELECT * FROM unnest(keys_day, keys_experience))
  ORDER BY d.day, d.experience_id FOR UPDATE;
  UPDATE departure_days d SET last_open_start = (
    SELECT max(sl.starts_at - make_interval(mins => s.sales_cutoff_minutes)) FROM services s JOIN slots sl ON sl.service_id = s.id
    WHERE s.experience_id = d.experience_id AND sl.status = 'open' AND sl.seats_taken < sl.capacity AND sl.private_booking_id IS NULL
      AND sl.starts_at >= (d.day::timestamp AT TIME ZONE e.timezone)
      AND sl.starts_at < ((d.day + 1)::timestamp AT TIME ZONE e.timezone))
  FROM experiences e
  WHERE e.id = d.experience_id
    AND (d.day, d.experience_id) IN (SELECT * FROM unnest(keys_day, keys_experience));
END $$;
--> statement-breakpoint
-- A departure closed, cancelled, reopened, or taken whole by a private booking changes its day too.
CREATE OR REPLACE FUNCTION slots_refresh_departure_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_departure_days(array_agg(n.service_id), array_agg(n.starts_at)) FROM new_slots n;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_departure_days(array_agg(o.service_id), array_agg(o.starts_at)) FROM old_slots o;
  ELSE
    PERFORM refresh_departure_days(array_agg(c.service_id), array_agg(c.starts_at)) FROM (
      SELECT o.service_id, o.starts_at, n.service_id AS new_service_id, n.starts_at AS new_starts_at
      FROM old_slots o JOIN new_slots n ON n.id = o.id
      WHERE (o.status = 'open' AND o.seats_taken < o.capacity AND o.private_booking_id IS NULL)
        IS DISTINCT FROM (n.status = 'open' AND n.seats_taken < n.capacity AND n.private_booking_id IS NULL)
        OR o.starts_at IS DISTINCT FROM n.starts_at OR o.service_id IS DISTINCT FROM n.service_id
    ) changed
    CROSS JOIN LATERAL (VALUES (changed.service_id, changed.starts_at), (changed.new_service_id, changed.new_starts_at)) AS c(service_id, starts_at);
  END IF;
  RETURN NULL;
END $$;
