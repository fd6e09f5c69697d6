-- An experience's offer (from-price, per-adult, duration, first service, price in USD) is written
-- in one UPDATE instead of two: each change to a service or ticket type wrote the row twice.
CREATE OR REPLACE FUNCTION refresh_experience_offer(target text) RETURNS void LANGUAGE sql AS $$
  UPDATE experiences e SET (price_from, per_adult, duration_minutes, first_service_id, price_usd) = (
    SELECT o.price_from, o.per_adult, o.duration_minutes, o.first_service_id, usd_cents(o.price_from, a.currency)
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
-- The search lexicon is read only when an experience's search text changed: a row trigger with a
-- WHEN condition, so the many updates of kept figures (price, rating, demand, USD price) neither
-- run it nor build transition tables. New experiences keep the statement trigger (a bulk insert
-- reads its words once).
DROP TRIGGER experiences_collect_search_words_update ON experiences;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION experiences_collect_search_word_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM regexp_split_to_table(NEW.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experiences_collect_search_words_update AFTER UPDATE ON experiences
  FOR EACH ROW WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text)
  EXECUTE FUNCTION experiences_collect_search_word_changes();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION experiences_collect_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w FROM new_experiences n, regexp_split_to_table(n.search_text, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
