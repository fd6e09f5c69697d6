CREATE TABLE "experience_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"experience_id" text NOT NULL,
	"position" integer NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" jsonb NOT NULL,
	"formats" jsonb NOT NULL,
	"storage_prefix" text NOT NULL,
	"placeholder" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "experience_photos_position_unique" UNIQUE("experience_id","position"),
	CONSTRAINT "experience_photos_alt_length" CHECK (char_length(alt) BETWEEN 1 AND 250),
	CONSTRAINT "experience_photos_size_positive" CHECK (width > 0 AND height > 0 AND bytes >= 0),
	CONSTRAINT "experience_photos_placeholder_small" CHECK (char_length(placeholder) <= 1500)
);
--> statement-breakpoint
ALTER TABLE "experience_photos" ADD CONSTRAINT "experience_photos_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "experiences" ADD COLUMN "cover_photo" jsonb;
