ALTER TABLE "users" DROP CONSTRAINT "users_id_format";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_length" CHECK (char_length("users"."id") BETWEEN 1 AND 128);