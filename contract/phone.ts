/** Phone numbers as plain code (no zod): the forms in the browser and the API's schemas (contract/fields.ts) read them. */

/** The characters a phone number may be typed with: digits, spaces, ( ) . - and a leading +. */
const PHONE_CHARACTERS = /^\+?[\d\s().-]+$/;

/**
 * A US number in E.164 (+1 and 10 digits) from one typed any common way ("555 123 4567",
 * "(555) 123-4567", "1-555-123-4567", "+1 555 123 4567"), or null. Plain code.
 */
export function usPhoneNumber(typed: string): string | null {
  const value = typed.trim();
  if (!PHONE_CHARACTERS.test(value)) return null;
  const digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  // Without a "+", 10 digits are a US number; with one, the country code must be there.
  if (digits.length === 10 && !value.startsWith("+")) return `+1${digits}`;
  return null;
}
