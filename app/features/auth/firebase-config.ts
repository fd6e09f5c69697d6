/** Firebase error codes that the sign-in screens treat specially (spec section 8). */
export const POPUP_CLOSED_GRACE_MS = 8_000;
export const TOKEN_REFRESH_MARGIN_MS = 300_000;
export const EMAIL_FOR_SIGN_IN_KEY = "emailForSignIn";
/** Set while a Google/Apple sign-in went the full-page redirect way. */
export const REDIRECT_PENDING_KEY = "auth-redirect-pending";
