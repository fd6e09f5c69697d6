import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { adminFindBookingQuery, applyAsOperatorBody } from "~contract/platform/applications";
import { adminCommissionBody, statementQuery, updatePayoutScheduleBody } from "~contract/payouts/money-requests";
import { resellerStatementQuery } from "~contract/operator/reseller-statement";
import { operatorSlug } from "~contract/platform/operator-slug";
import { z } from "zod";
import { setAddOnsBody } from "~contract/bookings/add-ons";
import { setPickupPointsBody } from "~contract/bookings/pickup-points";
import {
  answersSchema,
  setBookingQuestionsBody,
  storedQuestions,
  type BookingQuestion,
} from "~contract/bookings/questions";
import { fieldErrorsFrom } from "~api/http/validate";
import { FIELD_MESSAGES } from "~api/http/field-messages";
import { IDEMPOTENCY_KEY_HEADER } from "~contract/idempotency-key";
import { accountSlug } from "~contract/catalog/accounts";
import { authEmailBody, createSessionBody, resetPasswordInput } from "~contract/identity/auth";
import {
  availabilityQuery,
  bookingListQuery,
  bookingParams,
  createBookingBody,
  idempotencyKeyHeaders,
  quoteBody,
  rescheduleBody,
} from "~contract/bookings/requests";
import { cardParams } from "~contract/bookings/cards";
import { catalogId, experienceListQuery } from "~contract/catalog/requests";
import { buyGiftCardBody } from "~contract/gifts/requests";
import { experienceRules } from "~contract/operator/experience-fields";
import { devClockBody } from "~contract/system/jobs";
import { createExperienceBody, updateExperienceBody } from "~contract/operator/experiences";
import { bookingsListQuery, encodeBookingsCursor } from "~contract/operator/bookings";
import { operatorRefundBody } from "~contract/operator/refunds";
import { operatorMessageGuestsBody } from "~contract/operator/guest-messages";
import { notificationParams } from "~contract/identity/notifications";
import { hexColor, supportEmail, supportPhone, updateBrandingBody } from "~contract/operator/branding";
import { checkInBody, checkInSettingsBody, checkInSettingsUpdate } from "~contract/operator/check-in";
import { manifestQuery, updateCheckInBody } from "~contract/operator/manifest";
import { reportQuery } from "~contract/operator/reports";
import { createServiceBody, setTicketTypesBody, ticketTypeInput, updateServiceBody } from "~contract/operator/services";
import { updateMemberBody } from "~contract/operator/team";
import { devOutboxParams } from "~contract/system/outbox";
import { sandboxCheckoutParams, sandboxPayBody, webhookParams } from "~contract/bookings/payments";
import { altText, mediaParams, photoFile, updatePhotoBody } from "~contract/photos";
import { notificationPreferencesBody } from "~contract/identity/preferences";
import { passkeyName, recoveryCode, webAuthnResponse } from "~contract/identity/two-step";
import { promoCodeParams } from "~contract/bookings/promo";
import { referralCodeParams } from "~contract/gifts/referrals";
import { reviewBody } from "~contract/catalog/reviews";
import {
  blackout,
  capacity,
  departureListQuery,
  localDate,
  localTime,
  salesCutoffMinutes,
  setScheduleBody,
  updateDepartureBody,
  weeklyRule,
} from "~contract/operator/schedules";
import { tipBody } from "~contract/gifts/tips";
import { unsubscribeParams } from "~contract/identity/unsubscribe";
import { missingDataQuery } from "~contract/identity/users";
import { joinWaitlistBody, waitlistEntryParams } from "~contract/waitlist/requests";
import { signWaiverBody } from "~contract/bookings/waivers";
import {
  currentPassword,
  emailAddress,
  FIELD_MESSAGE_CODES,
  firstName,
  lastName,
  locationFields,
  newPassword,
  phoneNumber,
  signedName,
  typedPhoneNumber,
  verificationCode,
  type FieldMessageCode,
} from "~contract/fields";
import { usPhoneNumber } from "~contract/phone";
import { FIELD_MESSAGE_KEYS, fieldMessageKey } from "~/platform/field-message-keys";
import { parseWithZod } from "~/platform/parse-with-zod";
import { PhoneSchema } from "~/features/account/personal-info-schemas";
import { createWebhookBody } from "~contract/operator/webhooks";
import { setResellerNetRatesBody } from "~contract/operator/reseller-net-rates";

const POLICY = {
  minLength: 8,
  maxLength: 128,
  requireLowercase: true,
  requireUppercase: true,
  requireNumeric: true,
  requireNonAlphanumeric: true,
};

/** A failing value for every code: [rule, value, the code it fails with]. */
const FAILURES: Array<[z.ZodTypeAny, unknown, FieldMessageCode]> = [
  [emailAddress, undefined, "email.required"],
  [emailAddress, "not an address", "email.invalid"],
  [emailAddress, `${"a".repeat(250)}@example.com`, "text.tooLong"],
  [newPassword(POLICY), undefined, "password.required"],
  [newPassword(POLICY), "Ab1!", "password.tooShort"],
  [newPassword(POLICY), `Ab1!${"a".repeat(130)}`, "password.tooLong"],
  [newPassword(POLICY), "ABCDEFG1!", "password.lowercase"],
  [newPassword(POLICY), "abcdefg1!", "password.uppercase"],
  [newPassword(POLICY), "Abcdefgh!", "password.numeric"],
  [newPassword(POLICY), "Abcdefg12", "password.symbol"],
  [currentPassword, "", "password.required"],
  [firstName, " ", "firstName.required"],
  [lastName, undefined, "lastName.required"],
  [firstName, "x".repeat(81), "text.tooLong"],
  [firstName, "Rel\r\nBcc: x@evil.example", "text.invalid"],
  [phoneNumber, undefined, "phone.required"],
  [phoneNumber, "5551234567", "phone.invalid"],
  [typedPhoneNumber, undefined, "phone.required"],
  [typedPhoneNumber, "12", "phone.invalid"],
  [locationFields.address, "", "address.required"],
  [locationFields.city, undefined, "city.required"],
  [locationFields.state, 7, "region.invalid"],
  [locationFields.zipcode, "78/70", "zipcode.invalid"],
  [locationFields.country, "XX", "country.invalid"],
  [verificationCode, "12345", "code.invalid"],
  [signedName, undefined, "signedName.required"],
  [signedName, "A", "signedName.tooShort"],
];

/** The same for the codes of the API's other bodies, queries and paths (every contract schema). */
const VALID_KEY = "key-12345678";
const ticket = { ticketTypeId: "adult", quantity: 1 };
const quote = { serviceId: "svc", slotId: "slot", tickets: [ticket] };
const booking = { ...quote, returnUrl: "/back" };
const rule = { weekdays: [1], startTimes: ["09:00"], validFrom: "2026-05-01" };
const schedule = { rules: [], blackouts: [], salesCutoffMinutes: 0 };
const service = { name: "Walk", durationMinutes: 60, capacity: 10, sortOrder: 1 };
const ticketType = { code: "adult", name: "Adult", priceMinor: 1000 };
const payment = { cardNumber: "4242424242424242", expiry: "12/99", cvc: "123" };
const gift = { amountMinor: 5000, recipientEmail: "ann@example.com", senderName: "Bo" };
const CURSOR_AT = "2026-05-01 10:00:00.000000";
const REFUND = {
  amountMinor: 500,
  alreadyRefundedMinor: 0,
  reason: "Rain",
  releaseSeats: false,
  idempotencyKey: "key-12345678",
};
const CURSOR_ID = "bk_0123456789abcdef";
const PAYOUT_SCHEDULE = { interval: "weekly", day: 1, minimum: "50.00", holdDays: 2 };
const question = (extra: Record<string, unknown>) => ({ label: "Height", kind: "number", per: "guest", ...extra });
const questionsBody = (...questions: unknown[]) => ({ questions });
const ASKED: BookingQuestion[] = storedQuestions.parse([
  { id: "height", label: "Height", kind: "number", per: "guest", required: true, min: 100, max: 220 },
  { id: "meal", label: "Meal", kind: "choice", per: "booking", options: ["Fish", "Veg"] },
]);
const answersTo = answersSchema(ASKED, [{ code: "adult" }]);
const ADD_ON = { name: "Wetsuit", priceMinor: 800, per: "guest" };
const ADD_ON_FAILURES: Array<[z.ZodTypeAny, unknown, FieldMessageCode]> = [
  [setAddOnsBody, { addOns: [{ ...ADD_ON, per: "seat" }] }, "addOn.per"],
  [setAddOnsBody, { addOns: [{ ...ADD_ON, stockPerDeparture: 4, stockTotal: 9 }] }, "addOn.stockOneOf"],
  [setAddOnsBody, { addOns: Array.from({ length: 21 }, () => ADD_ON) }, "addOns.tooMany"],
  [
    setAddOnsBody,
    {
      addOns: [
        { ...ADD_ON, id: "a" },
        { ...ADD_ON, id: "a" },
      ],
    },
    "addOns.duplicate",
  ],
];
const PICKUP = { name: "Hotel Avenida", minutesBefore: 30 };
const PICKUP_FAILURES: Array<[z.ZodTypeAny, unknown, FieldMessageCode]> = [
  [setPickupPointsBody, { required: false, points: Array.from({ length: 31 }, () => PICKUP) }, "pickupPoints.tooMany"],
  [
    setPickupPointsBody,
    {
      required: false,
      points: [
        { ...PICKUP, id: "a" },
        { ...PICKUP, id: "a" },
      ],
    },
    "pickupPoints.duplicate",
  ],
];
const QUESTION_FAILURES: Array<[z.ZodTypeAny, unknown, FieldMessageCode]> = [
  [setBookingQuestionsBody, questionsBody(question({ id: "Height" })), "questionId.invalid"],
  [setBookingQuestionsBody, questionsBody(question({ label: " " })), "question.label"],
  [setBookingQuestionsBody, questionsBody(question({ kind: "poem" })), "question.kind"],
  [setBookingQuestionsBody, questionsBody(question({ per: "party" })), "question.per"],
  [setBookingQuestionsBody, questionsBody(question({ kind: "choice", options: ["A", " "] })), "question.option"],
  [setBookingQuestionsBody, questionsBody(question({ kind: "choice", options: ["A"] })), "question.options"],
  [setBookingQuestionsBody, questionsBody(question({ min: 5, max: 1 })), "question.range"],
  [
    setBookingQuestionsBody,
    questionsBody(question({ per: "booking", showIf: { ticketType: "child" } })),
    "question.showIf",
  ],
  [setBookingQuestionsBody, questionsBody(question({ id: "a" }), question({ id: "a" })), "question.duplicate"],
  [setBookingQuestionsBody, { questions: Array.from({ length: 31 }, () => question({})) }, "question.tooMany"],
  [answersTo, { guests: [{}] }, "answer.required"],
  [answersTo, { guests: [{ height: true }] }, "answer.number"],
  [answersTo, { guests: [{ height: 99 }] }, "answer.tooSmall"],
  [answersTo, { guests: [{ height: 221 }] }, "answer.tooBig"],
  [answersTo, { booking: { meal: "Beef" }, guests: [{ height: 150 }] }, "answer.choice"],
  [answersTo, { booking: { meal: {} }, guests: [{ height: 150 }] }, "answer.invalid"],
];

const CONTRACT_FAILURES: Array<[z.ZodTypeAny, unknown, FieldMessageCode]> = [
  [createWebhookBody, { url: "ftp://hooks.example.com/in", events: ["booking.created"] }, "webhookUrl.invalid"],
  [createWebhookBody, { url: "https://hooks.example.com/in", events: [] }, "webhookEvents.required"],
  [setResellerNetRatesBody, { rates: [{ ticketTypeId: "tt_adult", netMinor: -1 }] }, "netRate.invalid"],
  [availabilityQuery, { from: ["2026-01-01", "2026-01-02"] }, "param.single"],
  [quoteBody, { ...quote, tickets: [{ ...ticket, quantity: 1.5 }] }, "number.whole"],
  [
    quoteBody,
    {
      ...quote,
      tickets: [
        { ...ticket, quantity: -1 },
        { ticketTypeId: "child", quantity: 2 },
      ],
    },
    "number.atLeast",
  ],
  [experienceListQuery, { pageSize: "49" }, "number.atMost"],
  [createServiceBody, { ...service, capacity: 0 }, "number.useAtLeast"],
  [createServiceBody, { ...service, sortOrder: 5000 }, "number.useAtMost"],
  [createBookingBody, { ...booking, saveCard: "yes" }, "boolean.invalid"],
  [quoteBody, { ...quote, promoCode: 7 }, "text.notText"],
  [catalogId, "a b", "id.invalid"],
  [availabilityQuery, { from: "2026-01" }, "date.format"],
  [availabilityQuery, { from: "2026-02-30" }, "date.invalid"],
  [rescheduleBody, { slotId: "slot", currentStartsAt: "tomorrow" }, "dateTime.invalid"],
  [manifestQuery, { format: "pdf" }, "format.jsonOrCsv"],
  [updateServiceBody, {}, "body.empty"],
  [bookingParams, { id: "bk_1" }, "bookingId.invalid"],
  [idempotencyKeyHeaders, { [IDEMPOTENCY_KEY_HEADER]: "short" }, "idempotencyKey.invalid"],
  [quoteBody, { ...quote, waitlistOffer: "x" }, "waitlistOffer.invalid"],
  [mediaParams, { experienceId: "e", photoId: "p", file: "1.gif" }, "file.notOurs"],
  [createBookingBody, { ...booking, returnUrl: "//evil.example" }, "sitePath.invalid"],
  [quoteBody, { ...quote, tickets: [{ ticketTypeId: "adult" }] }, "quantity.required"],
  [quoteBody, { ...quote, tickets: undefined }, "tickets.required"],
  [quoteBody, { ...quote, tickets: "adult" }, "tickets.notList"],
  [
    quoteBody,
    { ...quote, tickets: Array.from({ length: 21 }, (_, i) => ({ ticketTypeId: `t${i}`, quantity: i === 0 ? 1 : 0 })) },
    "tickets.tooMany",
  ],
  [quoteBody, { ...quote, tickets: [ticket, ticket] }, "tickets.duplicate"],
  [recoveryCode, "abcde-abcd", "recoveryCode.invalid"],
  [passkeyName, "  ", "passkeyName.required"],
  [webAuthnResponse, "not an answer", "passkey.invalid"],
  [
    quoteBody,
    {
      ...quote,
      tickets: [
        { ...ticket, quantity: 20 },
        { ticketTypeId: "child", quantity: 1 },
      ],
    },
    "seats.tooMany",
  ],
  [createBookingBody, quote, "returnUrl.required"],
  [createBookingBody, { ...booking, cancelUrl: 3 }, "cancelUrl.required"],
  [createBookingBody, { ...booking, giftCardCode: 3 }, "giftCardCode.required"],
  [createBookingBody, { ...booking, giftCardCode: "x".repeat(65) }, "giftCardCode.invalid"],
  [createBookingBody, { ...booking, savedGiftCardId: 3 }, "giftCardId.required"],
  [createBookingBody, { ...booking, savedGiftCardId: "card" }, "giftCardId.invalid"],
  [idempotencyKeyHeaders, {}, "idempotencyKey.required"],
  [bookingListQuery, { filter: "soon" }, "bookingFilter.invalid"],
  [experienceListQuery, { sort: "random" }, "catalogSort.invalid"],
  [experienceListQuery, { minPrice: "10", maxPrice: "5" }, "maxPrice.belowMin"],
  [devClockBody, { now: "noon" }, "clock.now"],
  [devClockBody, { advanceMinutes: "5" }, "clock.minutes"],
  [devClockBody, { advanceMinutes: 1.5 }, "clock.wholeMinutes"],
  [devClockBody, { advanceMinutes: -5 }, "clock.backwards"],
  [devClockBody, { advanceMinutes: 10_000_000 }, "clock.tooFar"],
  [devClockBody, {}, "clock.either"],
  [updateBrandingBody, { name: " " }, "displayName.required"],
  [updateBrandingBody, { name: "x".repeat(200) }, "displayName.tooLong"],
  [updateBrandingBody, { name: "a\u0007b" }, "displayName.invalid"],
  [updateBrandingBody, { tagline: "x".repeat(500) }, "tagline.tooLong"],
  [updateBrandingBody, { tagline: "a\u0007b" }, "tagline.invalid"],
  [hexColor, "red", "color.invalid"],
  [supportPhone, "5".repeat(41), "supportPhone.tooLong"],
  [supportPhone, "12", "supportPhone.invalid"],
  [supportEmail, `${"a".repeat(250)}@example.com`, "supportEmail.tooLong"],
  [supportEmail, "nope", "supportEmail.invalid"],
  [reportQuery, { weeks: "13" }, "weeks.invalid"],
  [reportQuery, { from: "2026-01-01" }, "range.half"],
  [reportQuery, { from: "2026-01-02", to: "2026-01-01" }, "range.reversed"],
  [reportQuery, { from: "2024-01-01", to: "2026-01-01" }, "range.tooLong"],
  [updateCheckInBody, { guestNo: "some", status: "reset" }, "guestNo.invalid"],
  [updateCheckInBody, { guestNo: 1, status: "gone" }, "checkInAction.invalid"],
  [createServiceBody, { ...service, name: " " }, "name.required"],
  [createServiceBody, { ...service, durationMinutes: undefined }, "duration.required"],
  [createServiceBody, { ...service, durationMinutes: 1.5 }, "duration.whole"],
  [createServiceBody, { ...service, capacity: undefined }, "capacity.required"],
  [createServiceBody, { ...service, capacity: "ten" }, "capacity.whole"],
  [createServiceBody.shape.sortOrder.unwrap(), undefined, "position.required"],
  [createServiceBody, { ...service, sortOrder: 1.5 }, "position.whole"],
  [ticketTypeInput, { name: "Adult" }, "price.required"],
  [ticketTypeInput, { ...ticketType, priceMinor: 9.5 }, "price.whole"],
  [ticketTypeInput, { code: "adult", name: "Adult", price: "-3" }, "price.invalid"],
  [ticketTypeInput, { ...ticketType, price: "12.50" }, "price.oneOf"],
  [ticketTypeInput, { ...ticketType, code: "Adult!" }, "ticketCode.invalid"],
  [setTicketTypesBody, { ticketTypes: [ticketType, ticketType] }, "ticketCode.duplicate"],
  [setTicketTypesBody, { ticketTypes: [] }, "ticketTypes.required"],
  [
    setTicketTypesBody,
    { ticketTypes: Array.from({ length: 50 }, () => ({ name: "A", priceMinor: 1 })) },
    "ticketTypes.tooMany",
  ],
  [updateMemberBody, { role: "admin" }, "role.invalid"],
  [altText, " ", "alt.required"],
  [altText, "x".repeat(2000), "alt.tooLong"],
  [photoFile, "a file", "photo.required"],
  [updatePhotoBody, {}, "photo.nothing"],
  [weeklyRule, { ...rule, weekdays: [] }, "weekdays.required"],
  [weeklyRule, { ...rule, startTimes: [] }, "startTimes.required"],
  [
    weeklyRule,
    { ...rule, startTimes: Array.from({ length: 25 }, (_, i) => `${String(i % 24).padStart(2, "0")}:00`) },
    "startTimes.tooMany",
  ],
  [weeklyRule, { ...rule, validUntil: "2026-04-30" }, "validUntil.beforeFrom"],
  [blackout, { date: "2026-05-01", reason: "x".repeat(201) }, "reason.tooLong"],
  [blackout, { date: "2026-05-01", reason: "a\u0000b" }, "text.unstorable"],
  [salesCutoffMinutes, 1.5, "cutoff.whole"],
  [salesCutoffMinutes, -1, "cutoff.negative"],
  [salesCutoffMinutes, 20_000, "cutoff.tooLong"],
  [setScheduleBody, { ...schedule, rules: Array.from({ length: 21 }, () => rule) }, "rules.tooMany"],
  [
    setScheduleBody,
    {
      ...schedule,
      blackouts: Array.from({ length: 367 }, (_, i) => ({
        date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      })),
    },
    "blackouts.tooMany",
  ],
  [
    setScheduleBody,
    { ...schedule, blackouts: [{ date: "2026-05-01" }, { date: "2026-05-01" }] },
    "blackouts.duplicate",
  ],
  [capacity, 1.5, "seatCapacity.whole"],
  [capacity, 0, "seatCapacity.tooSmall"],
  [capacity, 10_001, "seatCapacity.tooBig"],
  [updateDepartureBody, { status: "gone" }, "departureStatus.invalid"],
  [updateDepartureBody, { guideUserId: "" }, "guide.invalid"],
  [updateDepartureBody, {}, "departure.nothing"],
  [departureListQuery, { from: "1999-12-31" }, "listingDate.range"],
  [localDate.innerType(), "May 1", "localDate.format"],
  [localDate, "2026-02-30", "localDate.invalid"],
  [localTime, "9am", "localTime.invalid"],
  [signWaiverBody.shape.agree, false, "waiver.agree"],
  [signWaiverBody.shape.textVersion, undefined, "waiverVersion.required"],
  [authEmailBody, { email: "ann@example.com", continueUrl: "https://evil.example" }, "continueUrl.invalid"],
  [resetPasswordInput, { oobCode: "", password: "x" }, "resetCode.invalid"],
  [createSessionBody, {}, "idToken.required"],
  [createSessionBody, { idToken: "short" }, "idToken.invalid"],
  [missingDataQuery, { exclude: "name" }, "excludeFields.invalid"],
  [accountSlug, "-x", "slug.invalid"],
  [sandboxCheckoutParams, { sessionId: "cs_live_1" }, "checkoutId.invalid"],
  [sandboxPayBody, { ...payment, cardNumber: undefined }, "cardNumber.required"],
  [sandboxPayBody, { ...payment, expiry: undefined }, "expiry.invalid"],
  [sandboxPayBody, { ...payment, expiry: "01/20" }, "expiry.past"],
  [sandboxPayBody, { ...payment, cvc: "12" }, "cvc.invalid"],
  [webhookParams, { provider: "Stripe!" }, "provider.invalid"],
  [joinWaitlistBody.shape.seats, undefined, "seatsWanted.required"],
  [joinWaitlistBody.shape.seats, 1.5, "seatsWanted.whole"],
  [joinWaitlistBody.shape.seats, 0, "seatsWanted.tooSmall"],
  [joinWaitlistBody.shape.seats, 99, "seatsWanted.tooBig"],
  [waitlistEntryParams, { entryId: "wl_1" }, "waitlistEntry.invalid"],
  [buyGiftCardBody, { ...gift, amountMinor: undefined }, "amount.required"],
  [buyGiftCardBody, { ...gift, amountMinor: 5000.5 }, "amount.whole"],
  [buyGiftCardBody, { ...gift, amountMinor: 100 }, "amount.tooSmall"],
  [buyGiftCardBody, { ...gift, amountMinor: 1_000_000 }, "amount.tooBig"],
  [buyGiftCardBody, { ...gift, recipientEmail: undefined }, "recipientEmail.required"],
  [buyGiftCardBody, { ...gift, senderName: " " }, "senderName.required"],
  [buyGiftCardBody, { ...gift, deliverOn: "2026-01" }, "sendDate.invalid"],
  [buyGiftCardBody, { ...gift, timeZone: "Mars/Base" }, "timeZone.invalid"],
  [buyGiftCardBody, { ...gift, returnPath: "//evil.example" }, "path.invalid"],
  [promoCodeParams, { code: "!" }, "promoCode.invalid"],
  [devOutboxParams, { id: "1" }, "messageId.invalid"],
  [tipBody.shape.amount, "5", "tip.cents"],
  [tipBody.shape.amount, 1.5, "tip.wholeCents"],
  [tipBody.shape.amount, 0, "tip.positive"],
  [unsubscribeParams, { token: "x".repeat(301) }, "unsubscribe.invalid"],
  [cardParams, { id: "card_1" }, "cardId.invalid"],
  [notificationParams, { id: "a b" }, "notificationId.invalid"],
  [referralCodeParams, { code: "x".repeat(65) }, "referralCode.invalid"],
  [reviewBody.shape.rating, 6, "rating.invalid"],
  [reviewBody.shape.body, undefined, "review.required"],
  [reviewBody.shape.body, "Nice.", "review.tooShort"],
  [checkInBody, { code: " ", idempotencyKey: VALID_KEY }, "ticketCodeEntry.required"],
  [checkInBody, { code: "ABC" }, "idempotencyKeyBody.required"],
  [checkInBody, { code: "ABC", idempotencyKey: VALID_KEY, guests: 1.5 }, "guests.whole"],
  [checkInBody, { code: "ABC", idempotencyKey: VALID_KEY, guests: 0 }, "guests.tooSmall"],
  [checkInBody, { code: "ABC", idempotencyKey: VALID_KEY, guests: 21 }, "guests.tooBig"],
  [checkInSettingsBody, {}, "checkInRequired.required"],
  [notificationPreferencesBody.shape.booking, undefined, "field.required"],
  [notificationPreferencesBody.shape.booking, "on", "object.invalid"],
  [experienceRules().title, " ", "experience.required"],
  [experienceRules().title, "x".repeat(121), "experience.tooLong"],
  [experienceRules().category, "space", "experience.category"],
  [experienceRules().country, "XX", "experience.country"],
  [experienceRules().languages, ["english!"], "experience.language"],
  [experienceRules().languages, [], "experience.languagesRequired"],
  [experienceRules().languages, Array.from({ length: 21 }, () => "en"), "experience.tooMany"],
  [experienceRules().durationMinutes, 60.5, "experience.wholeMinutes"],
  [experienceRules().durationMinutes, 1, "experience.duration"],
  [experienceRules().capacity, 0, "experience.capacity"],
  [experienceRules().latitude, 91, "experience.latitude"],
  [experienceRules().longitude, 181, "experience.longitude"],
  [createExperienceBody.shape.meetingPointLocation, "here", "experience.coordinatesBoth"],
  [experienceRules().timezone, "Mars/Base", "experience.timezone"],
  [updateExperienceBody, {}, "experience.nothing"],
  [bookingsListQuery, { status: "lost" }, "choice.invalid"],
  [operatorRefundBody, { ...REFUND, idempotencyKey: "short" }, "refundKey.invalid"],
  [operatorRefundBody, { ...REFUND, amountMinor: 0 }, "refund.positive"],
  [operatorRefundBody, { ...REFUND, amountMinor: undefined, amount: "five" }, "refund.amountFormat"],
  [operatorRefundBody, { ...REFUND, amount: "5.00" }, "refund.amountOneOf"],
  [operatorRefundBody, { ...REFUND, reason: " " }, "reason.required"],
  [operatorMessageGuestsBody, { template: "custom", subject: "Hi", body: "Hello", sms: false }, "messageTarget.oneOf"],
  [bookingsListQuery, { cursor: "W10" }, "cursor.invalid"],
  [operatorSlug, "-nope", "operatorSlug.invalid"],
  [operatorSlug, "www", "operatorSlug.reserved"],
  [applyAsOperatorBody.shape.businessName, " ", "businessName.required"],
  [applyAsOperatorBody.shape.currency, "EURO", "currency.invalid"],
  [applyAsOperatorBody.shape.contactPhone, "call me", "contactPhone.invalid"],
  [applyAsOperatorBody.shape.description, " ", "description.required"],
  [applyAsOperatorBody.shape.website, "ftp://example.com", "website.invalid"],
  [adminFindBookingQuery, { q: " " }, "bookingLookup.invalid"],
  [statementQuery, { month: "2026-13" }, "month.invalid"],
  [resellerStatementQuery, {}, "month.invalid"],
  [resellerStatementQuery, { month: "1999-12" }, "month.invalid"],
  [updatePayoutScheduleBody, { ...PAYOUT_SCHEDULE, day: 8 }, "payoutDay.invalid"],
  [updatePayoutScheduleBody, { ...PAYOUT_SCHEDULE, holdDays: 31 }, "holdDays.invalid"],
  [updatePayoutScheduleBody, { ...PAYOUT_SCHEDULE, minimum: "-5" }, "payoutMinimum.invalid"],
  [adminCommissionBody, { commissionBps: 10_001 }, "commission.invalid"],
  [checkInSettingsUpdate, { requireCheckIn: true, cancellationCutoffHours: 721 }, "cancellationCutoff.invalid"],
  ...QUESTION_FAILURES,
  ...ADD_ON_FAILURES,
  ...PICKUP_FAILURES,
  [
    bookingsListQuery,
    { cursor: encodeBookingsCursor({ sort: "created_desc", at: CURSOR_AT, id: CURSOR_ID }), sort: "departure_asc" },
    "cursor.otherOrder",
  ],
];

function codesOf(rule: z.ZodTypeAny, value: unknown): string[] {
  const result = rule.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The English the API's envelope gives for a rule failing as a body's field. */
function englishOf(rule: z.ZodTypeAny, value: unknown): string[] {
  const result = z.object({ field: rule }).safeParse({ field: value });
  return result.success ? [] : Object.values(fieldErrorsFrom(result.error)).flat();
}

describe("the field rules (contract/fields.ts)", () => {
  it.each(
    [...FAILURES, ...CONTRACT_FAILURES].map(
      ([rule, value, code]) => [code, (JSON.stringify(value) ?? "nothing").slice(0, 100), rule, value] as const,
    ),
  )("say %s for %s, as a code", (code, _shown, rule, value) => {
    expect(codesOf(rule, value)).toEqual([code]);
  });

  it("have a failing case above for every code", () => {
    expect(new Set([...FAILURES, ...CONTRACT_FAILURES].map(([, , code]) => code))).toEqual(
      new Set(FIELD_MESSAGE_CODES),
    );
  });

  it.each([
    ["5551234567", "+15551234567"],
    ["(555) 123-4567", "+15551234567"],
    ["555.123.4567", "+15551234567"],
    ["1-555-123-4567", "+15551234567"],
    ["+1 555 123 4567", "+15551234567"],
    ["  +15551234567 ", "+15551234567"],
  ])("read the phone number %s, typed in a form, as %s (the API takes only the latter)", (typed, number) => {
    expect(usPhoneNumber(typed)).toBe(number);
    expect(typedPhoneNumber.parse(typed)).toBe(number);
    expect(phoneNumber.safeParse(typed).success).toBe(typed.trim() === number);
    expect(phoneNumber.parse(number)).toBe(number);
  });

  it.each(["+44 20 7946 0958", "+4915112345678", "+5551234567", "555-1234", "555123456x7", "2555123456789", ""])(
    "refuse the phone number %j",
    (typed) => {
      expect(usPhoneNumber(typed)).toBeNull();
      expect(typedPhoneNumber.safeParse(typed).success).toBe(false);
    },
  );
});

describe("the API's English for each code (api/http/field-messages.ts)", () => {
  it("names every code, and nothing else", () => {
    expect(Object.keys(FIELD_MESSAGES).sort()).toEqual([...FIELD_MESSAGE_CODES].sort());
    for (const code of FIELD_MESSAGE_CODES) expect(FIELD_MESSAGES[code], code).toMatch(/^[A-Z].+\.$/);
  });

  it.each([
    [newPassword({ ...POLICY, minLength: 12 }), "Abcdefgh1!", "Use at least 12 characters."],
    [newPassword(POLICY), `Ab1!${"a".repeat(130)}`, "Use at most 128 characters."],
    [firstName, "x".repeat(81), "Use at most 80 characters."],
    [signedName, "x".repeat(121), "Use at most 120 characters."],
    [signedName, "A", "Use at least 2 characters."],
    [phoneNumber, "12", "Use +1 followed by 10 digits."],
    [emailAddress, "nope", "Enter a valid email address."],
  ])("writes the envelope's message in words, with the rule's bound (%#)", (rule, value, english) => {
    expect(englishOf(rule, value)).toEqual([english]);
  });

  it("leaves a message that is not a code as it is", () => {
    expect(englishOf(z.string().min(3, "Must be at least 3."), "a")).toEqual(["Must be at least 3."]);
  });

  it("writes every code's words with its bounds filled in", () => {
    for (const [rule, value, code] of [...FAILURES, ...CONTRACT_FAILURES]) {
      const [english] = englishOf(rule, value);
      expect(english, code).not.toMatch(/\{|undefined|^[a-z]+\.[a-zA-Z]+$/);
    }
  });
});

describe("the web's locale key for each code (app/platform/field-message-keys.ts)", () => {
  const localeDir = join(process.cwd(), "app/locales");
  const locales = readdirSync(localeDir).filter((name) => !name.startsWith("."));

  it("names every code, and nothing else", () => {
    expect(Object.keys(FIELD_MESSAGE_KEYS).sort()).toEqual([...FIELD_MESSAGE_CODES].sort());
  });

  it.each(locales)("has a text in the %s locale file for every code", (locale) => {
    expect(locales.length).toBeGreaterThan(0);
    const common = JSON.parse(readFileSync(join(localeDir, locale, "common.json"), "utf8")) as Record<string, unknown>;
    for (const code of FIELD_MESSAGE_CODES) {
      const text = FIELD_MESSAGE_KEYS[code]
        .split(".")
        .reduce<unknown>(
          (node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined),
          common,
        );
      expect(typeof text === "string" && text.length > 0, `${locale}: ${code} → ${FIELD_MESSAGE_KEYS[code]}`).toBe(
        true,
      );
    }
  });

  it("leaves a form's own locale key as it is", () => {
    expect(fieldMessageKey("validation.passwordsDiffer")).toBe("validation.passwordsDiffer");
    expect(fieldMessageKey("phone.invalid")).toBe("validation.phoneInvalid");
  });

  it("is what a form's parser reports, in the browser and in actions", () => {
    const form = new FormData();
    form.set("intent", "phone");
    form.set("phone", "12");
    const submission = parseWithZod(form, { schema: PhoneSchema });
    expect(submission.status).toBe("error");
    expect(submission.reply().error).toEqual({ phone: ["validation.phoneInvalid"] });
  });
});
