CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"usd_minor_micros" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_format" CHECK ("exchange_rates"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "exchange_rates_positive" CHECK ("exchange_rates"."usd_minor_micros" > 0)
);
--> statement-breakpoint
INSERT INTO "exchange_rates" ("currency", "usd_minor_micros") VALUES ('USD', 1000000), ('EUR', 1080000), ('CAD', 720000), ('GBP', 1270000), ('AUD', 650000), ('CHF', 1130000), ('MXN', 55000), ('JPY', 670000) ON CONFLICT DO NOTHING;
