-- A console write sent with an Idempotency-Key (issue 40, item 4: a form sent twice): the first
-- answer, kept per operator, so the same key again creates nothing more (api/operator/idempotency.ts).
CREATE TABLE "console_write_keys" (
	"account_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"request" text NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "console_write_keys_pk" PRIMARY KEY ("account_id", "idempotency_key"),
	CONSTRAINT "console_write_keys_key_length" CHECK (char_length(idempotency_key) BETWEEN 8 AND 128)
);
--> statement-breakpoint
ALTER TABLE "console_write_keys" ADD CONSTRAINT "console_write_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "console_write_keys_created_at_idx" ON "console_write_keys" USING btree ("created_at");
