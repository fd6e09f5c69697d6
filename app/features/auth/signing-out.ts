/**
 * This page is signing out through a LogoutForm (its post is on its way). Its own Firebase sign-out
 * must not post a second, plain sign-out: that one could reach the server first and end this
 * session before "Sign out on all devices" used it to end the others (SessionSync).
 */
let signingOut = false;

export const markSigningOut = () => {
  signingOut = true;
};

export const isSigningOut = () => signingOut;
