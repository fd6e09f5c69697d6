-- The waitlist of a sold-out departure (issue 30 item 1): a signed-in traveller's place in line for
-- a party of `seats`, in `position` order, and the offers made from it (seats held for the offer
-- until `expires_at`; the offer's single-use token stored hashed).
CREATE TABLE "waitlist_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
	"slot_id" text NOT NULL,
	"service_id" text NOT NULL,
	"account_id" text NOT NULL,
	"user_id" text NOT NULL,
	"seats" integer NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"origin" text NOT NULL,
	"storefront" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_status_value" CHECK ("status" IN ('waiting', 'offered', 'booked', 'expired', 'declined', 'left', 'cancelled')),
	CONSTRAINT "waitlist_entries_seats_positive" CHECK ("seats" >= 1)
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_slot_user_key" ON "waitlist_entries" USING btree ("slot_id", "user_id");
--> statement-breakpoint
CREATE INDEX "waitlist_entries_active_idx" ON "waitlist_entries" USING btree ("slot_id", "position") WHERE "status" IN ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" text PRIMARY KEY NOT NULL,
	"entry_id" text NOT NULL,
	"slot_id" text NOT NULL,
	"seats" integer NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"booking_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "waitlist_offers_status_value" CHECK ("status" IN ('open', 'accepted', 'expired', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_id_waitlist_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."waitlist_entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_slot_id_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."slots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_token_hash_key" ON "waitlist_offers" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open_per_entry" ON "waitlist_offers" USING btree ("entry_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_expiry_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "status" = 'open';
