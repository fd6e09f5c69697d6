/**
 * The desk's messages to guests (issue 42, item 4): one booking or everyone confirmed on a
 * departure, by email and (asked for, to those who gave a phone) SMS, in the operator's branding;
 * each kept on the booking's history with who sent it. Service messages: a guest who turned the
 * "booking" category off on a channel is skipped on it (and listed), never written to anyway.
 */
import { z } from "zod";
import { said } from "../fields";
import { isoTime } from "../output-parts";
import { catalogId } from "../fields";
import { guestMessageBody, guestMessageSubject, guestMessageTemplate } from "./guest-message-fields";
import { GUEST_MESSAGE_TEMPLATES } from "../statuses";
import { auditEntry } from "./outputs";

const bookingId = z.string().regex(/^bk_[A-Za-z0-9_-]{16}$/, said("bookingId.invalid"));

export {
  GUEST_MESSAGE_BODY_MAX,
  GUEST_MESSAGE_SUBJECT_MAX,
  GUEST_SMS_MAX,
  guestMessageBody,
  guestMessageSubject,
  guestMessageTemplate,
} from "./guest-message-fields";

/** POST /v1/operator/messages: to one booking (`bookingId`) or everyone confirmed on a departure (`departureId`). */
export const operatorMessageGuestsBody = z
  .object({
    bookingId: bookingId.optional(),
    departureId: catalogId.optional(),
    /** Which common case it is (the console pre-fills its text; the API sends what is given). */
    template: guestMessageTemplate,
    subject: guestMessageSubject,
    body: guestMessageBody,
    /** Also by SMS, to those who gave a phone. */
    sms: z.boolean(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if ((value.bookingId === undefined) === (value.departureId === undefined))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["bookingId"], message: said("messageTarget.oneOf") });
  });
export type OperatorMessageGuestsBody = z.infer<typeof operatorMessageGuestsBody>;

/** Why a guest was not written to on a channel: they turned booking messages off there, or gave no address. */
export const GUEST_MESSAGE_SKIPS = ["opted_out", "no_address"] as const;

/** POST /v1/operator/messages: how many were written to on each channel, and who was not (and why). */
export const guestMessageResult = z.object({
  /** Bookings written to on at least one channel (each kept on its history). */
  bookings: z.number().int(),
  email: z.number().int(),
  sms: z.number().int(),
  skipped: z.array(
    z.object({
      bookingId: z.string(),
      reference: z.string(),
      guestName: z.string(),
      channel: z.enum(["email", "sms"]),
      reason: z.enum(GUEST_MESSAGE_SKIPS),
    }),
  ),
});
export type GuestMessageResult = z.infer<typeof guestMessageResult>;

/** One message kept on a booking's history. */
export const bookingMessage = z.object({
  id: z.string(),
  at: isoTime,
  sentBy: z.object({ id: z.string(), name: z.string().nullable(), email: z.string().nullable() }),
  template: z.enum(GUEST_MESSAGE_TEMPLATES),
  subject: z.string(),
  body: z.string(),
  email: z.boolean(),
  sms: z.boolean(),
});
export type BookingMessage = z.infer<typeof bookingMessage>;

/**
 * GET /v1/operator/bookings/{bookingId}/history: the booking's messages and its audit entries in
 * one list, newest first (a guide: no entry about money).
 */
export const bookingHistory = z.object({
  items: z.array(
    z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("message"), at: isoTime, message: bookingMessage }),
      z.object({ kind: z.literal("audit"), at: isoTime, entry: auditEntry }),
    ]),
  ),
});
export type BookingHistory = z.infer<typeof bookingHistory>;
