CREATE TABLE "notification_preferences" (
	"user_id" text NOT NULL,
	"category" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_category_channel_pk" PRIMARY KEY("user_id","category","channel"),
	CONSTRAINT "notification_preferences_category_value" CHECK ("notification_preferences"."category" IN ('booking', 'reminders', 'tips', 'referrals', 'news')),
	CONSTRAINT "notification_preferences_channel_value" CHECK ("notification_preferences"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"provider_customer" text,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_id_format" CHECK ("payment_methods"."id" ~ '^pm_[A-Za-z0-9_-]{8,64}$'),
	CONSTRAINT "payment_methods_last4_format" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "payment_methods_exp_month_range" CHECK ("payment_methods"."exp_month" BETWEEN 1 AND 12),
	CONSTRAINT "payment_methods_exp_year_range" CHECK ("payment_methods"."exp_year" BETWEEN 2000 AND 2100)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_brand" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "card_last4" text;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "card_exp_month" integer;--> statement-breakpoint
ALTER TABLE "sandbox_checkouts" ADD COLUMN "card_exp_year" integer;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_user_provider_ref_key" ON "payment_methods" USING btree ("user_id","provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default";