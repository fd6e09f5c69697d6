-- Resellers (issue 47, first slice): an operator's OCTO channels. A reseller has a commission in
-- basis points (like accounts.commission_bps), sells every published experience of its operator
-- (all_experiences) or only those listed in reseller_experiences, and calls /octo with its keys.
-- A key is kept only as the SHA-256 of its text (key_hash) and its last 4 characters; revoked_at
-- set: refused. last_used_at: the last OCTO call it made.
CREATE TABLE "resellers" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"contact_email" text NOT NULL,
	"commission_bps" integer DEFAULT 0 NOT NULL,
	"all_experiences" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resellers_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
	CONSTRAINT "resellers_commission_range" CHECK ("resellers"."commission_bps" >= 0 AND "resellers"."commission_bps" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "reseller_experiences" (
	"reseller_id" text NOT NULL,
	"experience_id" text NOT NULL,
	CONSTRAINT "reseller_experiences_reseller_id_experience_id_pk" PRIMARY KEY("reseller_id","experience_id")
);
--> statement-breakpoint
CREATE TABLE "reseller_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"reseller_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "reseller_keys_id_format" CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$')
);
--> statement-breakpoint
ALTER TABLE "resellers" ADD CONSTRAINT "resellers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_experiences" ADD CONSTRAINT "reseller_experiences_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_experiences" ADD CONSTRAINT "reseller_experiences_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_keys" ADD CONSTRAINT "reseller_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resellers_account_idx" ON "resellers" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_keys_hash_key" ON "reseller_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reseller_keys_reseller_idx" ON "reseller_keys" USING btree ("reseller_id");
