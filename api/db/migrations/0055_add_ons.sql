-- Add-ons (issue 46, item 2): what an experience sells beside its tickets (a wetsuit, a bottle),
-- per booking or per guest, with an optional stock per departure or in total and an optional
-- maximum per booking. Stock is taken like seats (decision 016): one conditional statement per
-- counter, in the transaction that takes the seats, after the slot's row lock. `taken_total` and
-- slot_add_ons.taken count every add-on of bookings that hold seats (held or confirmed), with or
-- without a stock, so that a stock set later is right at once. A booking keeps what it bought
-- (bookings.add_ons: name and unit price as sold), like its tickets.
CREATE TABLE "experience_add_ons" (
	"id" text PRIMARY KEY NOT NULL,
	"experience_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"per" text NOT NULL,
	"stock_per_departure" integer,
	"stock_total" integer,
	"max_per_booking" integer,
	"taken_total" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experience_add_ons_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "experience_add_ons_per_value" CHECK ("per" IN ('booking', 'guest')),
	CONSTRAINT "experience_add_ons_price_non_negative" CHECK ("price_minor" >= 0),
	CONSTRAINT "experience_add_ons_one_stock" CHECK ("stock_per_departure" IS NULL OR "stock_total" IS NULL),
	CONSTRAINT "experience_add_ons_stock_non_negative" CHECK (coalesce("stock_per_departure", 0) >= 0 AND coalesce("stock_total", 0) >= 0),
	CONSTRAINT "experience_add_ons_max_positive" CHECK ("max_per_booking" IS NULL OR "max_per_booking" >= 1),
	CONSTRAINT "experience_add_ons_taken_total_non_negative" CHECK ("taken_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "experience_add_ons" ADD CONSTRAINT "experience_add_ons_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "experience_add_ons_experience_idx" ON "experience_add_ons" USING btree ("experience_id","position");
--> statement-breakpoint
CREATE TABLE "slot_add_ons" (
	"slot_id" text NOT NULL,
	"add_on_id" text NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_add_ons_slot_id_add_on_id_pk" PRIMARY KEY("slot_id","add_on_id"),
	CONSTRAINT "slot_add_ons_taken_non_negative" CHECK ("taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "slot_add_ons" ADD CONSTRAINT "slot_add_ons_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "slot_add_ons" ADD CONSTRAINT "slot_add_ons_add_on_id_experience_add_ons_id_fk" FOREIGN KEY ("add_on_id") REFERENCES "public"."experience_add_ons"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "add_ons" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_add_ons_list" CHECK (jsonb_typeof("add_ons") = 'array');
