/** An address that is an emailed sign-in link (spec section 2). */
export function isEmailSignInLink(query: URLSearchParams): boolean {
  return query.get("mode") === "signIn" && Boolean(query.get("oobCode"));
}
