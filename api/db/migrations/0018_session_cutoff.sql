CREATE TABLE "signed_out_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_valid_after" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "signed_out_sessions" ADD CONSTRAINT "signed_out_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signed_out_sessions_expires_idx" ON "signed_out_sessions" USING btree ("expires_at");