import { z } from "zod";
import { CHECK_IN_ACTIONS, MAX_GUESTS } from "~contract/operator/manifest";
import { localDate } from "~contract/operator/schedule-fields";

/**
 * The manifest page's check-in form (one guest, or all guests of a booking): its fields as the
 * browser posts them. `js` is sent by the page once its script runs (the answer is then data for
 * the fetcher, not a redirect).
 */
export const CheckInFormSchema = z.object({
  intent: z.literal("checkIn"),
  bookingId: z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, "manifest.errorBooking"),
  guestNo: z.union([
    z.literal("all"),
    z.coerce.number().int().min(1, "manifest.errorGuest").max(MAX_GUESTS, "manifest.errorGuest"),
  ]),
  status: z.enum(CHECK_IN_ACTIONS),
  date: localDate.optional(),
  perPage: z.literal("1").optional(),
  js: z.literal("1").optional(),
});
