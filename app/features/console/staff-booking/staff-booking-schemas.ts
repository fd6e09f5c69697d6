import { z } from "zod";
import { IDEMPOTENCY_KEY_PATTERN } from "~contract/idempotency-key";
import { DECIMAL_AMOUNT } from "~contract/money";
import { emailAddress, said, typedLine, typedPhoneNumber } from "~contract/fields";
import { GUEST_NAME_MAX, PRICE_REASON_MAX, STAFF_PAYMENTS } from "~contract/operator/staff-bookings";
import { MAX_SEATS, MAX_TICKETS_PER_TYPE } from "~contract/bookings/limits";
import { MAX_ADD_ON_QUANTITY, MAX_ADD_ONS } from "~contract/bookings/add-on-rules";

/** A line's quantity as typed: a whole number from 0 to `most`, empty as 0. */
const quantityUpTo = (most: number) =>
  z
    .number({ invalid_type_error: said("number.whole") })
    .int(said("number.whole"))
    .min(0, said("number.atLeast"))
    .max(most, said("number.atMost"))
    .optional()
    .default(0);

/**
 * The desk's new-booking form (conform + zod): one quantity per ticket type of the departure's
 * service, the guest's contact, how it is paid, an optional custom price with its reason; the
 * pickup point, the whole departure privately and the add-ons' quantities (issue 46) as the API
 * judges them (a pickup the experience requires: the page marks the select required).
 */
export const StaffBookingFormSchema = z
  .object({
    slotId: z.string({ required_error: said("field.required") }).min(1, said("field.required")),
    idempotencyKey: z.string().regex(IDEMPOTENCY_KEY_PATTERN, said("idempotencyKey.invalid")),
    tickets: z
      .array(
        z.object({
          ticketTypeId: z.string().min(1),
          quantity: quantityUpTo(MAX_TICKETS_PER_TYPE),
        }),
      )
      .max(20)
      .default([]),
    guestName: typedLine(
      z
        .string({ required_error: said("name.required") })
        .trim()
        .min(1, said("name.required"))
        .max(GUEST_NAME_MAX, said("text.tooLong")),
    ),
    guestEmail: emailAddress,
    guestPhone: typedPhoneNumber.optional(),
    payment: z.enum(STAFF_PAYMENTS, { errorMap: () => ({ message: said("choice.invalid") }) }),
    customTotal: z.string().regex(DECIMAL_AMOUNT, said("price.invalid")).optional(),
    priceReason: z.string().trim().max(PRICE_REASON_MAX, said("reason.tooLong")).optional(),
    marketingConsent: z.literal("on").optional(),
    allowClosed: z.literal("on").optional(),
    pickupPointId: z.string().max(64).optional(),
    private: z.literal("on").optional(),
    addOns: z
      .array(
        z.object({
          addOnId: z.string().min(1),
          quantity: quantityUpTo(MAX_ADD_ON_QUANTITY),
        }),
      )
      .max(MAX_ADD_ONS)
      .default([]),
  })
  .superRefine((form, ctx) => {
    const seats = form.tickets.reduce((sum, line) => sum + line.quantity, 0);
    if (seats < 1) ctx.addIssue({ code: "custom", path: ["tickets"], message: said("tickets.required") });
    if (seats > MAX_SEATS) ctx.addIssue({ code: "custom", path: ["tickets"], message: said("seats.tooMany") });
    if ((form.customTotal !== undefined || form.payment === "comp") && !form.priceReason)
      ctx.addIssue({ code: "custom", path: ["priceReason"], message: said("reason.required") });
  });

export type StaffBookingForm = z.output<typeof StaffBookingFormSchema>;

/** The form's fields as the page posts them (strings). */
export type StaffBookingFormInput = {
  slotId: string;
  idempotencyKey: string;
  tickets: Array<{ ticketTypeId: string; quantity: string }>;
  guestName: string;
  guestEmail: string;
  guestPhone?: string;
  payment: string;
  customTotal?: string;
  priceReason?: string;
  marketingConsent?: string;
  allowClosed?: string;
  pickupPointId?: string;
  private?: string;
  addOns: Array<{ addOnId: string; quantity: string }>;
};
