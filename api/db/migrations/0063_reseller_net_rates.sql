-- Resellers' net rates (issue 47): a reseller may owe a fixed net price per ticket of a ticket type
-- instead of the retail less its commission. A ticket type without a rate keeps the commission.
-- bookings.reseller_net_minor: what the reseller owes for the booking, fixed when it is confirmed
-- (and again when a confirmed booking's tickets change), so a later change of terms does not
-- rewrite a past month's statement.
CREATE TABLE "reseller_net_rates" (
	"reseller_id" text NOT NULL,
	"ticket_type_id" text NOT NULL,
	"net_minor" integer NOT NULL,
	CONSTRAINT "reseller_net_rates_reseller_id_ticket_type_id_pk" PRIMARY KEY("reseller_id","ticket_type_id"),
	CONSTRAINT "reseller_net_rates_net_non_negative" CHECK ("reseller_net_rates"."net_minor" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reseller_net_rates" ADD CONSTRAINT "reseller_net_rates_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_net_rates" ADD CONSTRAINT "reseller_net_rates_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reseller_net_minor" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reseller_net_non_negative" CHECK ("bookings"."reseller_net_minor" IS NULL OR "bookings"."reseller_net_minor" >= 0);
