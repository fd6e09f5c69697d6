CREATE TABLE "accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"tagline" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"primary_color" text NOT NULL,
	"accent_color" text NOT NULL,
	"ink_color" text NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"cancellation_cutoff_hours" integer DEFAULT 24 NOT NULL,
	"waiver_text" text DEFAULT '' NOT NULL,
	"waiver_version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "accounts_slug_format" CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
	CONSTRAINT "accounts_currency_format" CHECK ("accounts"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "accounts_primary_color_format" CHECK (primary_color ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "accounts_accent_color_format" CHECK (accent_color ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "accounts_ink_color_format" CHECK (ink_color ~ '^#[0-9a-fA-F]{6}$'),
	CONSTRAINT "accounts_cutoff_non_negative" CHECK ("accounts"."cancellation_cutoff_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "experiences" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"description" text NOT NULL,
	"category_slug" text NOT NULL,
	"category_name" text NOT NULL,
	"city_slug" text NOT NULL,
	"city_name" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"included" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"meeting_point" text NOT NULL,
	"cancellation_policy" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experiences_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "experiences_category_slug_format" CHECK (category_slug ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
	CONSTRAINT "experiences_city_slug_format" CHECK (city_slug ~ '^[a-z0-9][a-z0-9-]{0,62}$')
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" text PRIMARY KEY NOT NULL,
	"experience_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"capacity" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "services_duration_positive" CHECK ("services"."duration_minutes" > 0),
	CONSTRAINT "services_capacity_positive" CHECK ("services"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "slots" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slots_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "slots_capacity_non_negative" CHECK ("slots"."capacity" >= 0),
	CONSTRAINT "slots_seats_taken_in_range" CHECK ("slots"."seats_taken" >= 0 AND "slots"."seats_taken" <= "slots"."capacity"),
	CONSTRAINT "slots_ends_after_start" CHECK ("slots"."ends_at" > "slots"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" text PRIMARY KEY NOT NULL,
	"service_id" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"price_minor" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_types_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "ticket_types_code_format" CHECK ("ticket_types"."code" ~ '^[a-z][a-z0-9_]{0,31}$'),
	CONSTRAINT "ticket_types_price_non_negative" CHECK ("ticket_types"."price_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "experiences" ADD CONSTRAINT "experiences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slots" ADD CONSTRAINT "slots_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_slug_key" ON "accounts" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "experiences_account_id_idx" ON "experiences" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "experiences_category_slug_idx" ON "experiences" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "experiences_city_slug_idx" ON "experiences" USING btree ("city_slug");--> statement-breakpoint
CREATE INDEX "services_experience_id_idx" ON "services" USING btree ("experience_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "slots_service_starts_at_key" ON "slots" USING btree ("service_id","starts_at");--> statement-breakpoint
CREATE INDEX "slots_starts_at_idx" ON "slots" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_types_service_code_key" ON "ticket_types" USING btree ("service_id","code");