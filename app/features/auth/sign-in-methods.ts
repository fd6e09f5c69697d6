/**
 * When a password sign-in fails for an address that has no password but signs in another way
 * (an emailed link, Google, Apple), the error says which way to use (spec section 7: the
 * identity provider's createAuthUri, or the client SDK's fetchSignInMethodsForEmail).
 */
const OTHER_METHODS: Record<string, string> = {
  emailLink: "auth/use-email-link",
  "google.com": "auth/use-google",
  "apple.com": "auth/use-apple",
};

/** The error code that names the method to use, or null (unknown address, or it has a password). */
export function otherMethodCode(methods: readonly string[]): string | null {
  if (methods.length === 0 || methods.includes("password")) return null;
  const known = methods.find((method) => OTHER_METHODS[method]);
  return known ? OTHER_METHODS[known] : null;
}
