import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useRootData } from "~/platform/root-data";
import { isSigningOut } from "./signing-out";

/**
 * While a signed-in user has the account area open, Firebase keeps their ID token fresh (renewed
 * 5 minutes before expiry) and a Firebase sign-out ends the server session too (not the one this
 * page's own sign-out form makes: its post does that). Loaded after the page is interactive, so it
 * never delays the page.
 */
export function SessionSync() {
  const root = useRootData();
  const fetcher = useFetcher();
  const config = root?.user ? root.firebase : null;
  const { submit } = fetcher;
  useEffect(() => {
    if (!config) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const start = () =>
      import("~/features/auth/firebase-auth.client").then((fb) => {
        if (!cancelled)
          stop = fb.keepSessionInStep(config, () => {
            if (!isSigningOut()) submit(null, { method: "post", action: "/auth/logout" });
          });
      });
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1000));
    idle(() => void start());
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [config, submit]);
  return null;
}

/**
 * Hands the browser's Firebase client the custom token a password or email change left for it (in
 * the root data, once), so that its next token refresh does not fail. Mounted on every page.
 */
export function FirebaseResync() {
  const root = useRootData();
  const token = root?.firebaseResync ?? null;
  const config = root?.firebase ?? null;
  useEffect(() => {
    if (!token || !config) return;
    void import("~/features/auth/firebase-auth.client")
      .then((fb) => fb.resyncClient(config, token))
      .catch(() => {
        // Nothing worse than before: the client refreshes with its old token and may be signed out here.
      });
  }, [token, config]);
  return null;
}
