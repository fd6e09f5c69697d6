-- What an operator edits in the console that the catalog lacked: whether an experience is published
-- (null: a draft, invisible to travellers), the languages it is given in (BCP 47), its city's
-- country (ISO 3166-1 alpha-2) and when it was last changed.
ALTER TABLE "experiences" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "languages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_languages_array" CHECK (jsonb_typeof("experiences"."languages") = 'array');--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_country_code_format" CHECK ("experiences"."country_code" ~ '^[A-Z]{2}$');--> statement-breakpoint
-- Every experience that exists (the seed's) was on sale: it stays published.
UPDATE "experiences" SET
  "published_at" = now(),
  "updated_at" = "created_at",
  "country_code" = CASE "city_slug"
    WHEN 'new-york' THEN 'US' WHEN 'boston' THEN 'US'
    WHEN 'lisbon' THEN 'PT' WHEN 'porto' THEN 'PT'
    WHEN 'vancouver' THEN 'CA' WHEN 'whistler' THEN 'CA'
    WHEN 'barcelona' THEN 'ES' END,
  "languages" = CASE "city_slug"
    WHEN 'lisbon' THEN '["en","pt"]' WHEN 'porto' THEN '["en","pt"]'
    WHEN 'barcelona' THEN '["en","es"]'
    ELSE '["en"]' END::jsonb;
--> statement-breakpoint
-- A draft's kept "listed" figures (the from-price and its US-dollar price) are null, so the
-- catalog, its facets, search, the date filter and every count leave it out; publishing computes
-- them again (the trigger below).
CREATE OR REPLACE FUNCTION refresh_experience_offer(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE experiences e SET (price_from, per_adult, duration_minutes, first_service_id, price_usd) = (
    SELECT
      CASE WHEN e.published_at IS NULL THEN NULL ELSE o.price_from END,
      o.per_adult, o.duration_minutes, o.first_service_id,
      CASE WHEN e.published_at IS NULL THEN NULL ELSE usd_cents(o.price_from, a.currency) END
    FROM (
      SELECT
        coalesce(min(t.price_minor) FILTER (WHERE t.code = 'adult'), min(t.price_minor) FILTER (WHERE t.price_minor > 0), min(t.price_minor)) AS price_from,
        coalesce(bool_or(t.code = 'adult'), false) AS per_adult,
        min(s.duration_minutes) AS duration_minutes,
        (array_agg(s.id ORDER BY s.sort_order, s.id))[1] AS first_service_id
      FROM services s JOIN ticket_types t ON t.service_id = s.id
      WHERE s.experience_id = target
    ) o
    JOIN accounts a ON a.id = e.account_id)
  WHERE e.id = target
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION experiences_refresh_offer_on_publish() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_experience_offer(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experiences_refresh_offer_on_publish AFTER UPDATE OF published_at ON experiences
  FOR EACH ROW WHEN ((OLD.published_at IS NULL) IS DISTINCT FROM (NEW.published_at IS NULL))
  EXECUTE FUNCTION experiences_refresh_offer_on_publish();
--> statement-breakpoint
CREATE INDEX "experiences_account_updated_idx" ON "experiences" USING btree ("account_id","updated_at" desc,"id");
