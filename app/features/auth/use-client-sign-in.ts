import { useNavigate, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { authErrorKey } from "~/features/auth/auth-errors";

type FirebaseModule = typeof import("~/features/auth/firebase-auth.client");

/**
 * Runs a Firebase sign-in in the browser, posts the ID token to the session endpoint and goes
 * where the server says. Errors become locale keys; a password-policy error refreshes the policy.
 */
export function useClientSignIn(redirectUrl: string) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(
    signIn: (firebase: FirebaseModule) => Promise<string | "redirect">,
    profile?: Record<string, unknown>,
  ) {
    setPending(true);
    setError(null);
    let firebase: FirebaseModule | undefined;
    try {
      firebase = await import("~/features/auth/firebase-auth.client");
      const idToken = await signIn(firebase);
      if (idToken === "redirect") return;
      const { redirectTo } = await firebase.openServerSession(idToken, { redirectUrl, profile });
      navigate(redirectTo, { replace: true });
    } catch (caught) {
      const code = firebase ? firebase.authErrorCode(caught) : "auth/network-request-failed";
      if (code === "auth/cancelled-popup-request") return;
      if (code === "auth/password-does-not-meet-requirements") revalidator.revalidate();
      setError(authErrorKey(code));
    } finally {
      setPending(false);
    }
  }

  return { run, pending, error, setError };
}
