-- Schedules (issue 28, item 4): an experience's IANA time zone, a service's weekly rules and
-- blackout dates, the departures they made, a departure's status and a service's online cut-off.
ALTER TABLE "experiences" ADD COLUMN "timezone" text;
--> statement-breakpoint
UPDATE "experiences" e SET "timezone" = a."timezone" FROM "accounts" a WHERE a."id" = e."account_id";
--> statement-breakpoint
ALTER TABLE "experiences" ALTER COLUMN "timezone" SET NOT NULL;
--> statement-breakpoint
-- An experience created without a zone takes its operator's (NOT NULL is checked after BEFORE triggers).
CREATE OR REPLACE FUNCTION experiences_default_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.timezone IS NULL THEN
    SELECT a.timezone INTO NEW.timezone FROM accounts a WHERE a.id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER experiences_default_timezone BEFORE INSERT ON experiences
  FOR EACH ROW EXECUTE FUNCTION experiences_default_timezone();
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "sales_cutoff_minutes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "materialised_through" date;
--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_sales_cutoff_range" CHECK ("sales_cutoff_minutes" >= 0 AND "sales_cutoff_minutes" <= 10080);
--> statement-breakpoint
CREATE TABLE "schedule_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" text NOT NULL,
	"weekdays" integer[] NOT NULL,
	"start_times" text[] NOT NULL,
	"valid_from" date NOT NULL,
	"valid_until" date,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "schedule_rules_weekdays_iso" CHECK (cardinality("weekdays") > 0 AND "weekdays" <@ ARRAY[1,2,3,4,5,6,7]),
	CONSTRAINT "schedule_rules_start_times_format" CHECK (cardinality("start_times") > 0 AND array_to_string("start_times", ',') ~ '^([01][0-9]|2[0-3]):[0-5][0-9](,([01][0-9]|2[0-3]):[0-5][0-9])*$'),
	CONSTRAINT "schedule_rules_valid_range" CHECK ("valid_until" IS NULL OR "valid_until" >= "valid_from")
);
--> statement-breakpoint
ALTER TABLE "schedule_rules" ADD CONSTRAINT "schedule_rules_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "schedule_rules_service_id_idx" ON "schedule_rules" USING btree ("service_id","sort_order");
--> statement-breakpoint
CREATE TABLE "schedule_blackouts" (
	"service_id" text NOT NULL,
	"date" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	CONSTRAINT "schedule_blackouts_service_id_date_pk" PRIMARY KEY("service_id","date")
);
--> statement-breakpoint
ALTER TABLE "schedule_blackouts" ADD CONSTRAINT "schedule_blackouts_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "rule_id" uuid;
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "slots" ADD COLUMN "needs_decision" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_rule_id_schedule_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."schedule_rules"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_status_value" CHECK ("status" IN ('open', 'closed', 'cancelled'));
--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_cancelled_at_with_status" CHECK (("status" = 'cancelled') = ("cancelled_at" IS NOT NULL));
--> statement-breakpoint
CREATE INDEX "slots_rule_id_idx" ON "slots" USING btree ("rule_id");
--> statement-breakpoint
CREATE INDEX "slots_needs_decision_idx" ON "slots" USING btree ("service_id") WHERE "needs_decision";
--> statement-breakpoint
-- departure_days: a day of an experience's own zone; only an open departure whose online sales
-- have not stopped (its service's cut-off before its start) counts, and `last_open_start` is the
-- latest moment a departure of the day can still be booked online (start minus cut-off).
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
    WHERE s.experience_id = d.experience_id AND sl.status = 'open' AND sl.seats_taken < sl.capacity
      AND sl.starts_at >= (d.day::timestamp AT TIME ZONE e.timezone)
      AND sl.starts_at < ((d.day + 1)::timestamp AT TIME ZONE e.timezone))
  FROM experiences e
  WHERE e.id = d.experience_id
    AND (d.day, d.experience_id) IN (SELECT * FROM unnest(keys_day, keys_experience));
END $$;
--> statement-breakpoint
-- A departure closed, cancelled or reopened changes its day too.
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
      WHERE (o.status = 'open' AND o.seats_taken < o.capacity) IS DISTINCT FROM (n.status = 'open' AND n.seats_taken < n.capacity)
        OR o.starts_at IS DISTINCT FROM n.starts_at OR o.service_id IS DISTINCT FROM n.service_id
    ) changed
    CROSS JOIN LATERAL (VALUES (changed.service_id, changed.starts_at), (changed.new_service_id, changed.new_starts_at)) AS c(service_id, starts_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Demand counts open departures only (a closed or cancelled one is not for sale).
CREATE OR REPLACE FUNCTION refresh_experience_demand() RETURNS integer LANGUAGE sql AS $$
  WITH fill AS (
    SELECT s.experience_id AS id, (100 * sum(sl.seats_taken) / nullif(sum(sl.capacity), 0))::int AS percent
    FROM slots sl JOIN services s ON s.id = sl.service_id
    WHERE sl.starts_at > app_now() AND sl.starts_at < app_now() + interval '30 days' AND sl.status = 'open'
    GROUP BY s.experience_id
  ), changed AS (
    UPDATE experiences e SET demand_percent = coalesce(f.percent, 0)
    FROM experiences x LEFT JOIN fill f ON f.id = x.id
    WHERE e.id = x.id AND e.demand_percent IS DISTINCT FROM coalesce(f.percent, 0)
    RETURNING 1
  )
  SELECT count(*)::int FROM changed
$$;
--> statement-breakpoint
-- A service's new cut-off moves the last bookable moment of its days.
CREATE OR REPLACE FUNCTION services_refresh_departure_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_departure_days(array_agg(sl.service_id), array_agg(sl.starts_at))
  FROM slots sl WHERE sl.service_id = NEW.id AND sl.starts_at > now() - interval '2 days';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_refresh_departure_days AFTER UPDATE OF sales_cutoff_minutes ON services
  FOR EACH ROW WHEN (OLD.sales_cutoff_minutes IS DISTINCT FROM NEW.sales_cutoff_minutes)
  EXECUTE FUNCTION services_refresh_departure_days();
--> statement-breakpoint
-- An experience's new zone moves its days.
CREATE OR REPLACE FUNCTION experiences_refresh_departure_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM departure_days WHERE experience_id = NEW.id;
  PERFORM refresh_departure_days(array_agg(sl.service_id), array_agg(sl.starts_at))
  FROM slots sl JOIN services s ON s.id = sl.service_id
  WHERE s.experience_id = NEW.id AND sl.starts_at > now() - interval '2 days';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experiences_refresh_departure_days AFTER UPDATE OF timezone ON experiences
  FOR EACH ROW WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone)
  EXECUTE FUNCTION experiences_refresh_departure_days();
