-- Pickup points (issue 46, item 3): where an experience collects its guests before a departure
-- (a hotel's door), each so many minutes before the departure starts. The operator sets the list
-- as a whole, like add-ons: one left out is archived (bookings keep what they chose). An
-- experience may require a pickup point of every new booking. A booking keeps the point it chose
-- (bookings.pickup: its name, address, place and minutes before, as chosen); its pickup time is
-- the departure's start minus those minutes, an instant shown in the experience's zone.
CREATE TABLE "pickup_points" (
	"id" text PRIMARY KEY NOT NULL,
	"experience_id" text NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"minutes_before" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pickup_points_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "pickup_points_minutes_before_range" CHECK ("minutes_before" BETWEEN 0 AND 720),
	CONSTRAINT "pickup_points_latitude_range" CHECK ("latitude" IS NULL OR "latitude" BETWEEN -90 AND 90),
	CONSTRAINT "pickup_points_longitude_range" CHECK ("longitude" IS NULL OR "longitude" BETWEEN -180 AND 180),
	CONSTRAINT "pickup_points_coordinates_both" CHECK (("latitude" IS NULL) = ("longitude" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "pickup_points" ADD CONSTRAINT "pickup_points_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "pickup_points_experience_idx" ON "pickup_points" USING btree ("experience_id","sort_order");
--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "pickup_required" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pickup" jsonb;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pickup_object" CHECK ("pickup" IS NULL OR jsonb_typeof("pickup") = 'object');
