-- A signed-in traveller who reached the confirm page of an experience: the latest visit per
-- traveller and experience, and when they were last reminded of it (one reminder a week at most).
CREATE TABLE "checkout_visits" (
	"user_id" text NOT NULL,
	"experience_id" text NOT NULL,
	"service_id" text NOT NULL,
	"origin" text NOT NULL,
	"storefront" boolean DEFAULT false NOT NULL,
	"visited_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "checkout_visits_pk" PRIMARY KEY ("user_id", "experience_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD CONSTRAINT "checkout_visits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD CONSTRAINT "checkout_visits_experience_id_experiences_id_fk" FOREIGN KEY ("experience_id") REFERENCES "public"."experiences"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "checkout_visits" ADD CONSTRAINT "checkout_visits_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "checkout_visits_visited_at_idx" ON "checkout_visits" USING btree ("visited_at");
