import { z } from "~/platform/form.server";
import { MAX_SEATS } from "~contract/bookings/limits";

/** The waitlist page's forms: join a sold-out departure, leave an entry. */
export const ID = /^[A-Za-z0-9_-]{1,64}$/;

export const JoinSchema = z.object({
  intent: z.literal("join"),
  serviceId: z.string().regex(ID),
  slotId: z.string().regex(ID),
  seats: z.coerce
    .number({ invalid_type_error: "waitlist.seatsInvalid" })
    .int("waitlist.seatsInvalid")
    .min(1, "waitlist.seatsInvalid")
    .max(MAX_SEATS, "waitlist.seatsInvalid"),
});
const LeaveSchema = z.object({ intent: z.literal("leave"), entryId: z.string().regex(/^wl_[A-Za-z0-9_-]{16}$/) });
export const WaitlistSchema = z.discriminatedUnion("intent", [JoinSchema, LeaveSchema]);
