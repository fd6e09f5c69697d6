-- A ticket code per booking: 26 characters of Crockford's base32 (no I, L, O, U), each from 5
-- random bits of two gen_random_uuid() values (a strong random source), skipping the bytes
-- that carry a UUID's fixed version and variant bits: 130 random bits. Never derived from the id.
CREATE FUNCTION new_ticket_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + get_byte(r.b, i) % 32, 1), '' ORDER BY i)
  FROM (SELECT decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex') AS b) r,
       generate_series(0, 29) AS i
  WHERE i NOT IN (6, 8, 22, 24)
$$;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ticket_code" text DEFAULT new_ticket_code() NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_ticket_code_format" CHECK (ticket_code ~ '^[0-9A-HJKMNP-TV-Z]{26}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_ticket_code_key" ON "bookings" USING btree ("ticket_code");
--> statement-breakpoint
-- Check-in per guest (1 … the booking's seats): a row once a guest is checked in or marked a
-- no-show; no row: not yet. A reset deletes the row.
CREATE TABLE "booking_check_ins" (
	"booking_id" text NOT NULL,
	"guest_no" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_user_id" text,
	CONSTRAINT "booking_check_ins_pk" PRIMARY KEY ("booking_id", "guest_no"),
	CONSTRAINT "booking_check_ins_guest_no_range" CHECK (guest_no BETWEEN 1 AND 20),
	CONSTRAINT "booking_check_ins_status_value" CHECK (status IN ('checked_in', 'no_show'))
);
--> statement-breakpoint
ALTER TABLE "booking_check_ins" ADD CONSTRAINT "booking_check_ins_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A scan's answer by its idempotency key, per operator: a retried scan gets the first answer.
CREATE TABLE "check_in_scans" (
	"account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_scans_pk" PRIMARY KEY ("account_id", "idempotency_key"),
	CONSTRAINT "check_in_scans_key_length" CHECK (char_length(idempotency_key) BETWEEN 8 AND 128)
);
--> statement-breakpoint
ALTER TABLE "check_in_scans" ADD CONSTRAINT "check_in_scans_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "check_in_scans_created_at_idx" ON "check_in_scans" USING btree ("created_at");
--> statement-breakpoint
-- The guide who leads a departure (a member of its operator's team); null: not assigned.
ALTER TABLE "slots" ADD COLUMN "guide_user_id" text;
--> statement-breakpoint
CREATE INDEX "slots_guide_user_id_idx" ON "slots" USING btree ("guide_user_id", "starts_at") WHERE guide_user_id IS NOT NULL;
--> statement-breakpoint
-- "Require check-in": only checked-in guests get the tip and review emails.
ALTER TABLE "accounts" ADD COLUMN "require_check_in" boolean DEFAULT false NOT NULL;
