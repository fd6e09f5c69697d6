import type { FieldMessageCode } from "~contract/fields";

/**
 * The locale key (app/locales/<lng>/common.json) each field rule's message code
 * (contract/fields.ts) is shown with. A form's own messages are locale keys already.
 */
export const FIELD_MESSAGE_KEYS: Record<FieldMessageCode, string> = {
  "email.required": "validation.emailRequired",
  "email.invalid": "validation.emailInvalid",
  "password.required": "validation.passwordRequired",
  "password.tooShort": "validation.passwordTooShort",
  "password.tooLong": "validation.passwordTooLong",
  "password.lowercase": "validation.passwordLowercase",
  "password.uppercase": "validation.passwordUppercase",
  "password.numeric": "validation.passwordNumeric",
  "password.symbol": "validation.passwordSymbol",
  "firstName.required": "validation.firstNameRequired",
  "lastName.required": "validation.lastNameRequired",
  "phone.required": "validation.phoneRequired",
  "phone.invalid": "validation.phoneInvalid",
  "address.required": "validation.addressRequired",
  "city.required": "validation.cityRequired",
  "region.invalid": "validation.regionInvalid",
  "zipcode.invalid": "validation.zipcodeInvalid",
  "country.invalid": "validation.countryInvalid",
  "code.invalid": "validation.codeInvalid",
  "signedName.required": "validation.signedNameRequired",
  "signedName.tooShort": "validation.signedNameRequired",
  "text.tooLong": "validation.tooLong",
  "text.invalid": "validation.textInvalid",
};

/** The locale key of a form error: a field rule's code by the table, a locale key as it is. */
export function fieldMessageKey(message: string): string {
  return Object.hasOwn(FIELD_MESSAGE_KEYS, message) ? FIELD_MESSAGE_KEYS[message as FieldMessageCode] : message;
}
