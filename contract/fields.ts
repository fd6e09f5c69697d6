import { z } from "zod";
import { DEFAULT_COUNTRY, isCountryCode } from "./countries";
import { MAX_ALT_LENGTH } from "./picture";
import { isMultiLineText, isSingleLineText, normalizeLineBreaks } from "./text";
import type { passwordPolicy } from "./identity/outputs";
import { usPhoneNumber } from "./phone";

/**
 * Every field rule the API's bodies and the web's forms share, written once. A failing rule says
 * which by a message code, never in words: the API writes the code in English in its error
 * envelope (api/http/field-messages.ts), the web shows it by a locale key
 * (app/platform/field-message-keys.ts). Both tables must name every code (tests/unit). Every other
 * schema of the contract (bodies, queries, paths) says its messages the same way, with `said`; the
 * codes after "text.invalid" are theirs.
 */
export const FIELD_MESSAGE_CODES = [
  "email.required",
  "email.invalid",
  "password.required",
  "password.tooShort",
  "password.tooLong",
  "password.lowercase",
  "password.uppercase",
  "password.numeric",
  "password.symbol",
  "firstName.required",
  "lastName.required",
  "phone.required",
  "phone.invalid",
  "address.required",
  "city.required",
  "region.invalid",
  "zipcode.invalid",
  "country.invalid",
  "code.invalid",
  "recoveryCode.invalid",
  "passkeyName.required",
  "passkey.invalid",
  "signedName.required",
  "signedName.tooShort",
  "text.tooLong",
  "text.invalid",
  "param.single",
  "number.whole",
  "number.atLeast",
  "number.atMost",
  "number.useAtLeast",
  "number.useAtMost",
  "boolean.invalid",
  "text.notText",
  "id.invalid",
  "date.format",
  "date.invalid",
  "dateTime.invalid",
  "format.jsonOrCsv",
  "body.empty",
  "bookingId.invalid",
  "idempotencyKey.invalid",
  "waitlistOffer.invalid",
  "file.notOurs",
  "sitePath.invalid",
  "quantity.required",
  "tickets.required",
  "tickets.notList",
  "tickets.tooMany",
  "tickets.duplicate",
  "seats.tooMany",
  "returnUrl.required",
  "cancelUrl.required",
  "giftCardCode.required",
  "giftCardCode.invalid",
  "giftCardId.required",
  "giftCardId.invalid",
  "idempotencyKey.required",
  "bookingFilter.invalid",
  "catalogSort.invalid",
  "maxPrice.belowMin",
  "clock.now",
  "clock.minutes",
  "clock.wholeMinutes",
  "clock.backwards",
  "clock.tooFar",
  "clock.either",
  "displayName.required",
  "displayName.tooLong",
  "displayName.invalid",
  "tagline.tooLong",
  "tagline.invalid",
  "color.invalid",
  "supportPhone.tooLong",
  "supportPhone.invalid",
  "supportEmail.tooLong",
  "supportEmail.invalid",
  "weeks.invalid",
  "range.half",
  "range.reversed",
  "range.tooLong",
  "guestNo.invalid",
  "checkInAction.invalid",
  "name.required",
  "duration.required",
  "duration.whole",
  "capacity.required",
  "capacity.whole",
  "position.required",
  "position.whole",
  "price.required",
  "price.whole",
  "price.invalid",
  "price.oneOf",
  "ticketCode.invalid",
  "ticketCode.duplicate",
  "ticketTypes.required",
  "ticketTypes.tooMany",
  "role.invalid",
  "alt.required",
  "alt.tooLong",
  "photo.required",
  "photo.nothing",
  "weekdays.required",
  "startTimes.required",
  "startTimes.tooMany",
  "validUntil.beforeFrom",
  "reason.tooLong",
  "text.unstorable",
  "cutoff.whole",
  "cutoff.negative",
  "cutoff.tooLong",
  "rules.tooMany",
  "blackouts.tooMany",
  "blackouts.duplicate",
  "seatCapacity.whole",
  "seatCapacity.tooSmall",
  "seatCapacity.tooBig",
  "departureStatus.invalid",
  "guide.invalid",
  "departure.nothing",
  "listingDate.range",
  "localDate.format",
  "localDate.invalid",
  "localTime.invalid",
  "waiver.agree",
  "waiverVersion.required",
  "continueUrl.invalid",
  "resetCode.invalid",
  "idToken.required",
  "idToken.invalid",
  "excludeFields.invalid",
  "slug.invalid",
  "checkoutId.invalid",
  "cardNumber.required",
  "expiry.invalid",
  "expiry.past",
  "cvc.invalid",
  "provider.invalid",
  "seatsWanted.required",
  "seatsWanted.whole",
  "seatsWanted.tooSmall",
  "waitlistEntry.invalid",
  "amount.required",
  "amount.whole",
  "recipientEmail.required",
  "senderName.required",
  "sendDate.invalid",
  "timeZone.invalid",
  "path.invalid",
  "promoCode.invalid",
  "messageId.invalid",
  "tip.cents",
  "tip.wholeCents",
  "tip.positive",
  "unsubscribe.invalid",
  "cardId.invalid",
  "notificationId.invalid",
  "referralCode.invalid",
  "rating.invalid",
  "review.required",
  "review.tooShort",
  "ticketCodeEntry.required",
  "idempotencyKeyBody.required",
  "guests.whole",
  "guests.tooSmall",
  "checkInRequired.required",
  "field.required",
  "object.invalid",
  "seatsWanted.tooBig",
  "amount.tooSmall",
  "amount.tooBig",
  "guests.tooBig",
  "experience.required",
  "experience.tooLong",
  "experience.category",
  "experience.country",
  "experience.language",
  "experience.languagesRequired",
  "experience.tooMany",
  "experience.wholeMinutes",
  "experience.duration",
  "experience.capacity",
  "experience.latitude",
  "experience.longitude",
  "experience.coordinatesBoth",
  "experience.timezone",
  "experience.nothing",
  "choice.invalid",
  "cursor.invalid",
  "cursor.otherOrder",
  "refundKey.invalid",
  "refund.positive",
  "refund.amountFormat",
  "refund.amountOneOf",
  "reason.required",
  "messageTarget.oneOf",
  "operatorSlug.invalid",
  "operatorSlug.reserved",
  "businessName.required",
  "currency.invalid",
  "contactPhone.invalid",
  "description.required",
  "website.invalid",
  "bookingLookup.invalid",
  "month.invalid",
  "payoutDay.invalid",
  "holdDays.invalid",
  "payoutMinimum.invalid",
  "commission.invalid",
  "cancellationCutoff.invalid",
  "questionId.invalid",
  "question.label",
  "question.kind",
  "question.per",
  "question.option",
  "question.options",
  "question.range",
  "question.showIf",
  "question.duplicate",
  "question.tooMany",
  "answer.required",
  "answer.invalid",
  "answer.number",
  "answer.tooSmall",
  "answer.tooBig",
  "answer.choice",
  "addOn.per",
  "addOn.stockOneOf",
  "addOns.tooMany",
  "addOns.duplicate",
  "pickupPoints.tooMany",
  "pickupPoints.duplicate",
  "webhookUrl.invalid",
  "webhookEvents.required",
  "netRate.invalid",
] as const;
export type FieldMessageCode = (typeof FIELD_MESSAGE_CODES)[number];

/** A code as a zod message (a typo is a type error): every contract schema says its messages so. */
export const said = (code: FieldMessageCode) => code;
/** A missing value and a value of another type read the same to a person. */
const required = (code: FieldMessageCode) => ({ required_error: said(code), invalid_type_error: said(code) });

/** A whole number from `min` to `max` (a commission in basis points, a net rate), every failure said as `code`. */
export const wholeNumberIn = (code: FieldMessageCode, min: number, max: number) =>
  z.number(required(code)).int(said(code)).min(min, said(code)).max(max, said(code));

/**
 * One line a person types, held to THE text rule (contract/text.ts: no control or bidirectional
 * characters): every human-entered field's schema ends with this, in the API and in the forms.
 */
export const typedLine = <Schema extends z.ZodTypeAny>(schema: Schema) =>
  schema.refine(
    (value: unknown) => typeof value !== "string" || isSingleLineText(value),
    said("text.invalid"),
  ) as z.ZodEffects<Schema, z.output<Schema>, z.input<Schema>>;

/** Text of several lines a person types (a message): line breaks kept as \n, no other control character. */
export const typedLines = (schema: z.ZodString) =>
  schema.transform(normalizeLineBreaks).refine(isMultiLineText, said("text.invalid"));

/** Trimmed text that must not be empty (else `code`), at most `max` characters, one line. */
export const requiredLine = (code: FieldMessageCode, max: number) =>
  typedLine(z.string(required(code)).trim().min(1, said(code)).max(max, said("text.tooLong")));

/** Trimmed text of several lines (a message) that must not be empty (else `code`), at most `max` characters. */
export const requiredLines = (code: FieldMessageCode, max: number) =>
  typedLines(z.string(required(code)).trim().min(1, said(code)).max(max, said("text.tooLong")));

export const emailAddress = z
  .string(required("email.required"))
  .trim()
  .toLowerCase()
  .max(254, said("text.tooLong"))
  .email(said("email.invalid"));

/** The password rules announced by GET /v1/auth/password-policy. */
export type PasswordPolicy = z.infer<typeof passwordPolicy>;

/** A new password, held to the policy. */
export function newPassword(policy: PasswordPolicy) {
  let schema = z
    .string(required("password.required"))
    .min(policy.minLength, said("password.tooShort"))
    .max(policy.maxLength, said("password.tooLong"));
  if (policy.requireLowercase) schema = schema.regex(/[a-z]/, said("password.lowercase"));
  if (policy.requireUppercase) schema = schema.regex(/[A-Z]/, said("password.uppercase"));
  if (policy.requireNumeric) schema = schema.regex(/\d/, said("password.numeric"));
  if (policy.requireNonAlphanumeric) schema = schema.regex(/[^A-Za-z0-9]/, said("password.symbol"));
  return schema;
}

/** A password typed to sign in or to confirm who one is: checked by the identity provider, not the policy. */
export const currentPassword = z
  .string(required("password.required"))
  .min(1, said("password.required"))
  .max(4096, said("password.tooLong"));

export const firstName = requiredLine("firstName.required", 80);
export const lastName = requiredLine("lastName.required", 80);

/** A US mobile number (for text messages), as the API takes it: +1 and 10 digits (E.164). */
export const phoneNumber = z
  .string({ required_error: said("phone.required"), invalid_type_error: said("phone.invalid") })
  .trim()
  .refine((value) => usPhoneNumber(value) === value, said("phone.invalid"));

/** The same number as a person types it in a form, kept as +1 and 10 digits. */
export const typedPhoneNumber = z
  .string({ required_error: said("phone.required"), invalid_type_error: said("phone.invalid") })
  .transform((value, ctx) => {
    const number = usPhoneNumber(value);
    if (number) return number;
    ctx.addIssue({ code: "custom", message: said("phone.invalid") });
    return z.NEVER;
  });

/**
 * A postal address in any country's format: street and city required; region (state, province,
 * county…) and postal code free-form and optional, as many countries have neither; the country as
 * its ISO code (US when not given: addresses saved before countries were asked).
 */
export const locationFields = {
  address: requiredLine("address.required", 200),
  city: requiredLine("city.required", 100),
  state: typedLine(
    z
      .string({ invalid_type_error: said("region.invalid") })
      .trim()
      .max(100, said("text.tooLong"))
      .optional()
      .default(""),
  ),
  zipcode: z
    .string({ invalid_type_error: said("zipcode.invalid") })
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9][A-Z0-9 -]{0,14})?$/, said("zipcode.invalid"))
    .optional()
    .default(""),
  country: z
    .string({ invalid_type_error: said("country.invalid") })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, said("country.invalid"))
    .optional()
    .default(DEFAULT_COUNTRY),
};

/** A 6-digit code sent by text message or email. */
export const verificationCode = z
  .string(required("code.invalid"))
  .trim()
  .regex(/^\d{6}$/, said("code.invalid"));

/** The name a waiver is signed with. */
export const signedName = typedLine(
  z.string(required("signedName.required")).trim().min(2, said("signedName.tooShort")).max(120, said("text.tooLong")),
);

/** A photo's alt text (the console's photo forms and the API's photo bodies). */
export const altText = z
  .string({ required_error: said("alt.required") })
  .trim()
  .min(1, said("alt.required"))
  .max(MAX_ALT_LENGTH, said("alt.tooLong"));

/** An id of the catalog (an experience's, a service's, a departure's): letters, digits, _ and -, 1 to 64. */
export const catalogId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, said("id.invalid"));

/**
 * A percentage as a person types it (a commission): 0 to 100 with at most two decimals ("15",
 * "12.5", "12,5"), else `message`; `toMinorUnits(typed, 2)` is its basis points.
 */
export const typedPercent = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .refine((typed) => /^\d{1,3}([.,]\d{1,2})?$/.test(typed) && Number(typed.replace(",", ".")) <= 100, message);
