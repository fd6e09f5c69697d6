import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useRootData } from "~/root";

/**
 * While a signed-in user has the account area open, Firebase keeps their ID token fresh (renewed
 * 5 minutes before expiry) and a Firebase sign-out ends the server session too. Loaded after the
 * page is interactive, so it never delays the page.
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
          stop = fb.keepSessionInStep(config, () => submit(null, { method: "post", action: "/auth/logout" }));
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
