import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsFrom } from "~api/http/validate";
import { FIELD_MESSAGES } from "~api/http/field-messages";
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
  usPhoneNumber,
  verificationCode,
  type FieldMessageCode,
} from "~contract/fields";
import { FIELD_MESSAGE_KEYS, fieldMessageKey } from "~/platform/field-message-keys";
import { parseWithZod } from "~/platform/parse-with-zod";
import { PhoneSchema } from "~/features/account/personal-info-schemas";

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

function codesOf(rule: z.ZodTypeAny, value: unknown): string[] {
  const result = rule.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/** The English the API's envelope gives for a rule failing as a body's field. */
function englishOf(rule: z.ZodTypeAny, value: unknown): string[] {
  const result = z.object({ field: rule }).safeParse({ field: value });
  return result.success ? [] : (fieldErrorsFrom(result.error).field ?? []);
}

describe("the field rules (contract/fields.ts)", () => {
  it.each(FAILURES.map(([rule, value, code]) => [code, JSON.stringify(value) ?? "nothing", rule, value] as const))(
    "say %s for %s, as a code",
    (code, _shown, rule, value) => {
      expect(codesOf(rule, value)).toEqual([code]);
    },
  );

  it("have a failing case above for every code", () => {
    expect(new Set(FAILURES.map(([, , code]) => code))).toEqual(new Set(FIELD_MESSAGE_CODES));
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
    for (const [rule, value, code] of FAILURES) {
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
