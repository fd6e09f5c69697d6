CREATE TABLE "departure_days" (
	"day" date NOT NULL,
	"experience_id" text NOT NULL,
	"last_open_start" timestamp with time zone,
	CONSTRAINT "departure_days_day_experience_id_pk" PRIMARY KEY("day","experience_id")
);
--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "experiences_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "experiences_category_slug_idx";--> statement-breakpoint
DROP INDEX "experiences_city_slug_idx";--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "price_from" integer;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "price_usd" integer;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "per_adult" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "first_service_id" text;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "demand_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "search_words_word_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "experiences_listed_account_idx" ON "experiences" USING btree ("account_id") WHERE "experiences"."price_from" is not null;--> statement-breakpoint
CREATE INDEX "experiences_listed_demand_idx" ON "experiences" USING btree ("demand_percent" desc,"id") WHERE "experiences"."price_from" is not null;--> statement-breakpoint
CREATE INDEX "experiences_listed_price_idx" ON "experiences" USING btree ("price_usd","id") WHERE "experiences"."price_from" is not null;--> statement-breakpoint
CREATE INDEX "experiences_listed_title_idx" ON "experiences" USING btree ("title","id") WHERE "experiences"."price_from" is not null;--> statement-breakpoint
CREATE INDEX "experiences_category_slug_idx" ON "experiences" USING btree ("category_slug") WHERE "experiences"."price_from" is not null;--> statement-breakpoint
CREATE INDEX "experiences_city_slug_idx" ON "experiences" USING btree ("city_slug") WHERE "experiences"."price_from" is not null;
--> statement-breakpoint
-- A card's offer (the rule of api/catalog/fragments.ts fromPrice: the lowest adult ticket, else
-- the cheapest paid one, else 0), its shortest duration and first service, from the services that
-- have a price. Called by the triggers below whenever a service or ticket type changes.
-- A price in minor units of `currency`, in US cents (1:1 for a currency without a rate).
CREATE OR REPLACE FUNCTION usd_cents(amount integer, currency text) RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT round(amount::numeric * coalesce((SELECT r.usd_minor_micros FROM exchange_rates r WHERE r.currency = usd_cents.currency), 1000000) / 1000000)::int
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_experience_offer(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE experiences e SET (price_from, per_adult, duration_minutes, first_service_id) = (
    SELECT
      coalesce(min(t.price_minor) FILTER (WHERE t.code = 'adult'), min(t.price_minor) FILTER (WHERE t.price_minor > 0), min(t.price_minor)),
      coalesce(bool_or(t.code = 'adult'), false),
      min(s.duration_minutes),
      (array_agg(s.id ORDER BY s.sort_order, s.id))[1]
    FROM services s JOIN ticket_types t ON t.service_id = s.id
    WHERE s.experience_id = target)
  WHERE e.id = target;
  UPDATE experiences e SET price_usd = usd_cents(e.price_from, a.currency)
  FROM accounts a WHERE e.id = target AND a.id = e.account_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION services_refresh_offer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_experience_offer(OLD.experience_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.experience_id IS DISTINCT FROM OLD.experience_id) THEN
    PERFORM refresh_experience_offer(NEW.experience_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER services_refresh_offer AFTER INSERT OR DELETE OR UPDATE OF experience_id, duration_minutes, sort_order
  ON services FOR EACH ROW EXECUTE FUNCTION services_refresh_offer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ticket_types_refresh_offer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM refresh_experience_offer(s.experience_id) FROM services s WHERE s.id = OLD.service_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.service_id IS DISTINCT FROM OLD.service_id) THEN
    PERFORM refresh_experience_offer(s.experience_id) FROM services s WHERE s.id = NEW.service_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ticket_types_refresh_offer AFTER INSERT OR DELETE OR UPDATE OF service_id, code, price_minor
  ON ticket_types FOR EACH ROW EXECUTE FUNCTION ticket_types_refresh_offer();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_experience_rating(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE experiences e SET (rating_count, rating_total) = (
    SELECT count(*)::int, coalesce(sum(r.rating), 0)::int FROM reviews r WHERE r.experience_id = target)
  WHERE e.id = target
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reviews_refresh_rating() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_experience_rating(OLD.experience_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.experience_id IS DISTINCT FROM OLD.experience_id OR NEW.rating <> OLD.rating) THEN
    PERFORM refresh_experience_rating(NEW.experience_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reviews_refresh_rating AFTER INSERT OR DELETE OR UPDATE OF experience_id, rating
  ON reviews FOR EACH ROW EXECUTE FUNCTION reviews_refresh_rating();
--> statement-breakpoint
-- How full the next 30 days of departures are, per experience (0 without departures); run by the
-- catalog's scheduled job and after seeding. Only rows whose figure changed are written.
CREATE OR REPLACE FUNCTION refresh_experience_demand() RETURNS integer LANGUAGE sql AS $$
  WITH fill AS (
    SELECT s.experience_id AS id, (100 * sum(sl.seats_taken) / nullif(sum(sl.capacity), 0))::int AS percent
    FROM slots sl JOIN services s ON s.id = sl.service_id
    WHERE sl.starts_at > app_now() AND sl.starts_at < app_now() + interval '30 days'
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
-- A new rate, or an operator's new currency, changes the US-dollar prices it concerns.
CREATE OR REPLACE FUNCTION refresh_price_usd(affected text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE experiences e SET price_usd = usd_cents(e.price_from, a.currency)
  FROM accounts a WHERE a.id = e.account_id AND a.currency = ANY (affected)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION exchange_rates_refresh_price_usd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_price_usd(ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD.currency END, CASE WHEN TG_OP <> 'DELETE' THEN NEW.currency END]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER exchange_rates_refresh_price_usd AFTER INSERT OR DELETE OR UPDATE
  ON exchange_rates FOR EACH ROW EXECUTE FUNCTION exchange_rates_refresh_price_usd();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION accounts_refresh_price_usd() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_price_usd(ARRAY[NEW.currency]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER accounts_refresh_price_usd AFTER UPDATE OF currency
  ON accounts FOR EACH ROW EXECUTE FUNCTION accounts_refresh_price_usd();
--> statement-breakpoint
-- departure_days for the (operator-local day, experience) pairs of the given departures. The rows
-- are created, then locked in one order, then recomputed in a statement of their own: it sees
-- every change committed by a transaction that held them, so two bookings filling the last seats
-- of one day at once both count.
CREATE OR REPLACE FUNCTION refresh_departure_days(service_ids text[], starts timestamptz[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  keys_day date[];
  keys_experience text[];
BEGIN
  SELECT array_agg(k.day ORDER BY k.day, k.experience_id), array_agg(k.experience_id ORDER BY k.day, k.experience_id)
  INTO keys_day, keys_experience
  FROM (
    SELECT DISTINCT (c.starts_at AT TIME ZONE a.timezone)::date AS day, s.experience_id
    FROM unnest(service_ids, starts) AS c(service_id, starts_at)
    JOIN services s ON s.id = c.service_id
    JOIN experiences e ON e.id = s.experience_id
    JOIN accounts a ON a.id = e.account_id
  ) k;
  IF keys_day IS NULL THEN RETURN; END IF;
  INSERT INTO departure_days (day, experience_id)
  SELECT * FROM unnest(keys_day, keys_experience) ON CONFLICT DO NOTHING;
  PERFORM 1 FROM departure_days d
  WHERE (d.day, d.experience_id) IN (SELECT * FROM unnest(keys_day, keys_experience))
  ORDER BY d.day, d.experience_id FOR UPDATE;
  UPDATE departure_days d SET last_open_start = (
    SELECT max(sl.starts_at) FROM services s JOIN slots sl ON sl.service_id = s.id
    WHERE s.experience_id = d.experience_id AND sl.seats_taken < sl.capacity
      AND sl.starts_at >= (d.day::timestamp AT TIME ZONE a.timezone)
      AND sl.starts_at < ((d.day + 1)::timestamp AT TIME ZONE a.timezone))
  FROM experiences e JOIN accounts a ON a.id = e.account_id
  WHERE e.id = d.experience_id
    AND (d.day, d.experience_id) IN (SELECT * FROM unnest(keys_day, keys_experience));
END $$;
--> statement-breakpoint
-- Only a departure added, removed or moved, or one that became full or free again, changes a day:
-- a booking that leaves seats free costs a join of two one-row tables here.
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
      WHERE (o.seats_taken < o.capacity) IS DISTINCT FROM (n.seats_taken < n.capacity)
        OR o.starts_at IS DISTINCT FROM n.starts_at OR o.service_id IS DISTINCT FROM n.service_id
    ) changed
    CROSS JOIN LATERAL (VALUES (changed.service_id, changed.starts_at), (changed.new_service_id, changed.new_starts_at)) AS c(service_id, starts_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER slots_departure_days_insert AFTER INSERT ON slots
  REFERENCING NEW TABLE AS new_slots FOR EACH STATEMENT EXECUTE FUNCTION slots_refresh_departure_days();
--> statement-breakpoint
CREATE TRIGGER slots_departure_days_update AFTER UPDATE ON slots
  REFERENCING OLD TABLE AS old_slots NEW TABLE AS new_slots FOR EACH STATEMENT EXECUTE FUNCTION slots_refresh_departure_days();
--> statement-breakpoint
CREATE TRIGGER slots_departure_days_delete AFTER DELETE ON slots
  REFERENCING OLD TABLE AS old_slots FOR EACH STATEMENT EXECUTE FUNCTION slots_refresh_departure_days();
--> statement-breakpoint
-- The search lexicon: each new word of an experience's search text.
CREATE OR REPLACE FUNCTION experiences_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_experiences n, regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3
    ON CONFLICT DO NOTHING;
  ELSE
    -- Most updates are the kept figures (price, rating, demand): only changed texts are read.
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_experiences n JOIN old_experiences o ON o.id = n.id AND o.search_text <> n.search_text,
      regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
    WHERE length(w) >= 3
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experiences_collect_search_words_insert AFTER INSERT ON experiences
  REFERENCING NEW TABLE AS new_experiences FOR EACH STATEMENT EXECUTE FUNCTION experiences_collect_search_words();
--> statement-breakpoint
CREATE TRIGGER experiences_collect_search_words_update AFTER UPDATE ON experiences
  REFERENCING OLD TABLE AS old_experiences NEW TABLE AS new_experiences FOR EACH STATEMENT EXECUTE FUNCTION experiences_collect_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM experiences, regexp_split_to_table(search_text, '[^[:alnum:]]+') AS w
WHERE length(w) >= 3
ON CONFLICT DO NOTHING;
--> statement-breakpoint
SELECT refresh_experience_offer(id), refresh_experience_rating(id) FROM experiences;
--> statement-breakpoint
SELECT refresh_departure_days(array_agg(service_id), array_agg(starts_at)) FROM slots WHERE starts_at > now() - interval '2 days';
--> statement-breakpoint
SELECT refresh_experience_demand();
