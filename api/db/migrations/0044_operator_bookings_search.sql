-- The desk (issue 42): every booking of an operator found by reference, ticket code, the guest's
-- name, email or phone. A booking may carry its guest's contact itself (a booking taken by the
-- team for a guest without an account); otherwise the contact is its account holder's.
-- booking_reference(id) is the reference travellers see (api/bookings/view.ts, the same
-- computation: tests/api/operator/bookings-list.test.ts holds them together).
CREATE FUNCTION booking_reference(id text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  digest bytea := sha256(convert_to(id, 'UTF8'));
  bits bigint := 0;
  readable text := '';
BEGIN
  FOR i IN 0..4 LOOP
    bits := (bits << 8) | get_byte(digest, i);
  END LOOP;
  FOR i IN 0..7 LOOP
    readable := substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', ((bits >> (5 * i)) & 31)::int + 1, 1) || readable;
  END LOOP;
  RETURN 'WF-' || substr(readable, 1, 4) || '-' || substr(readable, 5);
END
$$;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_name" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "guest_phone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "taken_by_user_id" text REFERENCES "users"("id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_phone_format" CHECK (guest_phone IS NULL OR guest_phone ~ '^[+]1[0-9]{10}$');--> statement-breakpoint
-- Where the booking was made: by the team (staff), on the operator's storefront, or on the marketplace.
ALTER TABLE "bookings" ADD COLUMN "channel" text GENERATED ALWAYS AS (
  CASE WHEN taken_by_user_id IS NOT NULL THEN 'staff' WHEN storefront THEN 'storefront' ELSE 'marketplace' END
) STORED;--> statement-breakpoint
-- What the desk's search reads of the booking itself: its reference (with and without dashes), ticket
-- code and own guest contact (the phone's digits alone), lower-cased.
ALTER TABLE "bookings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(
    booking_reference(id) || ' ' || replace(booking_reference(id), '-', '') || ' ' || ticket_code || ' ' || id
    || ' ' || coalesce(guest_name, '') || ' ' || coalesce(guest_email, '') || ' '
    || coalesce(regexp_replace(guest_phone, '[^0-9]', '', 'g'), '')
  )
) STORED;--> statement-breakpoint
CREATE INDEX "bookings_search_text_trgm_idx" ON "bookings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- And of its account holder: name, email and the phone's digits.
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (
  lower(
    coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' '
    || coalesce(regexp_replace(phone, '[^0-9]', '', 'g'), '')
  )
) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- The list's pages, newest booked first (keyset: created_at, id).
CREATE INDEX "bookings_account_created_idx" ON "bookings" USING btree ("account_id", "created_at" DESC, "id" DESC);
